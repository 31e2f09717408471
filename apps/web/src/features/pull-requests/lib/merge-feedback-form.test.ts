import { computeMergeReward, mergeFeedbackSchema, type MergeResult } from '@openstake/core';
import { describe, expect, it } from 'vitest';

import {
  clampRating,
  initialMergeFeedbackState,
  mergeSuccessMessage,
  previewReward,
  setRating,
  toMergeFeedback,
  toggleBonus,
  toggleComplexity,
  toggleTag,
} from './merge-feedback-form';
import { scoreBadgeClasses } from './score-badge';

describe('merge feedback form state', () => {
  it('starts with every rating at 0 and nothing selected', () => {
    expect(toMergeFeedback(initialMergeFeedbackState())).toEqual({
      ratings: { codeQuality: 0, documentation: 0, testing: 0, performance: 0, security: 0 },
      tags: [],
      complexity: [],
      bonuses: [],
    });
  });

  it('keeps ratings whole numbers from 0 to 5', () => {
    expect(clampRating(3.4)).toBe(3);
    expect(clampRating(9)).toBe(5);
    expect(clampRating(-2)).toBe(0);
    expect(clampRating(Number.NaN)).toBe(0);
  });

  it('turns the selections into the request body the server validates', () => {
    let state = initialMergeFeedbackState();
    state = setRating(state, 'testing', 4);
    state = setRating(state, 'codeQuality', 5);
    // Selected out of order, and one toggled off again.
    state = toggleTag(state, 'bugFix', true);
    state = toggleTag(state, 'uiFix', true);
    state = toggleTag(state, 'docs', true);
    state = toggleTag(state, 'docs', false);
    state = toggleComplexity(state, 'newModule', true);
    state = toggleComplexity(state, 'multipleModules', true);
    state = toggleBonus(state, 'meaningfulTests', true);

    const body = toMergeFeedback(state);
    expect(body).toEqual({
      ratings: { codeQuality: 5, documentation: 0, testing: 4, performance: 0, security: 0 },
      tags: ['uiFix', 'bugFix'],
      complexity: ['multipleModules', 'newModule'],
      bonuses: ['meaningfulTests'],
    });
    expect(mergeFeedbackSchema.safeParse(body).success).toBe(true);
  });

  it('previews what the server will pay: the same core function on the same body', () => {
    let state = initialMergeFeedbackState();
    state = setRating(state, 'security', 3);
    state = toggleTag(state, 'majorBackendChange', true);
    state = toggleComplexity(state, 'refactorsExistingLogic', true);
    state = toggleComplexity(state, 'userFacingFlows', true);
    state = toggleBonus(state, 'bountyBacked', true);
    const preview = previewReward(state);
    expect(preview).toEqual(computeMergeReward(toMergeFeedback(state)));
    // 20 XP x 1.6 (the largest multiplier) + 3 + 10 = 45 XP, 90 coins.
    expect(preview).toMatchObject({ xp: 45, coins: 90, multiplier: 1.6, ratingTotal: 3 });
  });

  it('does not change the state it is given', () => {
    const state = initialMergeFeedbackState();
    setRating(state, 'testing', 5);
    toggleTag(state, 'docs', true);
    expect(toMergeFeedback(state).tags).toEqual([]);
    expect(state.ratings.testing).toBe(0);
  });
});

describe('scoreBadgeClasses', () => {
  it('colours the score green, blue, yellow or red', () => {
    expect(scoreBadgeClasses(20)).toContain('green');
    expect(scoreBadgeClasses(15)).toContain('blue');
    expect(scoreBadgeClasses(10)).toContain('yellow');
    expect(scoreBadgeClasses(9)).toContain('red');
  });
});

describe('mergeSuccessMessage', () => {
  const result: MergeResult = {
    sha: 'abc123',
    xp: 45,
    coins: 90,
    xpOffered: 45,
    limitReason: null,
    contributor: 'alice',
    stakeSettled: false,
    bountyPaid: 0,
    bountyRefunded: 0,
  };

  it('shows the XP and coins and who received them', () => {
    expect(mergeSuccessMessage(12, result)).toEqual({
      title: 'Pull request #12 merged',
      description: '+45 XP / +90 coins for alice.',
    });
  });

  it('says when a limit cut the XP that counts', () => {
    expect(
      mergeSuccessMessage(12, { ...result, xpOffered: 204, limitReason: 'maintainer_limit' })
        .description,
    ).toBe(
      '+45 XP / +90 coins for alice (counts 45 of 204 XP: monthly limit from this maintainer reached).',
    );
  });

  it('adds a paid bounty and a returned stake', () => {
    expect(
      mergeSuccessMessage(12, { ...result, bountyPaid: 100, stakeSettled: true }).description,
    ).toBe('+45 XP / +90 coins for alice, bounty of 100 coins paid, stake returned.');
  });

  it('tells the maintainer when a bounty nobody staked on went back to them', () => {
    expect(mergeSuccessMessage(12, { ...result, bountyRefunded: 100 }).description).toBe(
      '+45 XP / +90 coins for alice. 100 coins of bounty went back to you: nobody had staked on the issue it closed.',
    );
    expect(
      mergeSuccessMessage(12, { ...result, contributor: null, bountyRefunded: 50 }).description,
    ).toMatch(/no XP or coins were awarded\. 50 coins of bounty went back to you/);
  });

  it('says so when the author is not an OpenStake contributor', () => {
    expect(mergeSuccessMessage(12, { ...result, contributor: null }).description).toContain(
      'no XP or coins were awarded',
    );
  });
});
