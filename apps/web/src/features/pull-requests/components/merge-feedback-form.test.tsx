import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import {
  initialMergeFeedbackState,
  setRating,
  toggleTag,
  type MergeFeedbackFormState,
} from '../lib/merge-feedback-form';
import {
  MergeFeedbackForm,
  RATE_FIRST_HINT,
  SUBMIT_MERGE_LABEL,
  type AllowanceState,
} from './merge-feedback-form';

/** A contributor nobody gave anything this month, in a repository with full standing. */
const FRESH: AllowanceState = {
  status: 'ready',
  allowance: {
    contributor: 'alice',
    standing: { level: 'established', percent: 100 },
    countedFromMaintainer: 0,
    countedFromOrganization: 0,
  },
};

const render = (
  state: MergeFeedbackFormState,
  options: { isSubmitting?: boolean; error?: string | null; allowance?: AllowanceState } = {},
) =>
  renderToStaticMarkup(
    <MergeFeedbackForm
      state={state}
      author="alice"
      allowance={options.allowance ?? FRESH}
      onChange={() => undefined}
      isSubmitting={options.isSubmitting ?? false}
      error={options.error ?? null}
      onSubmit={() => undefined}
      onCancel={() => undefined}
    />,
  );

const submitButton = (html: string) => {
  const match = /<button[^>]*type="submit"[^>]*>/.exec(html);
  if (!match) throw new Error('no submit button');
  return match[0];
};

describe('MergeFeedbackForm', () => {
  it('has five 0-5 sliders named by their criterion, with the rating word', () => {
    const html = render(setRating(initialMergeFeedbackState(), 'testing', 3));
    for (const label of [
      'Code Quality &amp; Standards',
      'Documentation &amp; Comments',
      'Testing Coverage',
      'Performance Impact',
      'Security Considerations',
    ]) {
      expect(html).toContain(`aria-label="${label}"`);
    }
    expect(html.match(/role="slider"/g)).toHaveLength(5);
    expect(html).toContain('aria-valuemin="0"');
    expect(html).toContain('aria-valuemax="5"');
    expect(html).toContain('aria-valuetext="3 of 5, Good"');
    expect(html).toContain('aria-valuetext="0 of 5, Not Rated"');
  });

  it('lists the tags with their XP, the complexity multipliers and the four bonuses', () => {
    const html = render(initialMergeFeedbackState());
    expect(html).toContain('Major Backend Change');
    expect(html).toContain('+20 XP');
    expect(html).toContain('Introduces a new module');
    expect(html).toContain('×1.8');
    expect(html).toContain('Only the largest selected multiplier applies.');
    expect(html).toContain('Issue was bounty-backed');
    expect(html).toContain('Contributor added meaningful tests');
    expect(html.match(/role="checkbox"/g)).toHaveLength(8 + 7 + 4);
  });

  it('keeps Submit disabled with a hint while the rating total is 0', () => {
    const html = render(initialMergeFeedbackState());
    expect(html).toContain(SUBMIT_MERGE_LABEL.replace('&', '&amp;'));
    expect(submitButton(html)).toContain('disabled=""');
    expect(html).toContain(RATE_FIRST_HINT);
    expect(html).toContain('Score: 0/25');
    expect(html).toContain('data-color="red"');
  });

  it('enables Submit once rated and previews the XP and coins', () => {
    let state = setRating(initialMergeFeedbackState(), 'codeQuality', 5);
    state = setRating(state, 'security', 5);
    state = setRating(state, 'testing', 5);
    state = setRating(state, 'documentation', 5);
    state = toggleTag(state, 'bugFix', true);
    const html = render(state);
    expect(submitButton(html)).not.toContain('disabled=""');
    expect(html).not.toContain(RATE_FIRST_HINT);
    expect(html).toContain('Score: 20/25');
    expect(html).toContain('data-color="green"');
    // 12 (Bug Fix) x 1 + 20 = 32 XP, 64 coins.
    expect(html).toContain('+32 XP');
    expect(html).toContain('+64 coins');
  });

  it("previews what counts under this month's limits, and says which limit cut it", () => {
    let state = setRating(initialMergeFeedbackState(), 'codeQuality', 5);
    state = setRating(state, 'security', 5);
    state = setRating(state, 'testing', 5);
    state = setRating(state, 'documentation', 5);
    state = toggleTag(state, 'bugFix', true);
    const limited = render(state, {
      allowance: {
        status: 'ready',
        allowance: { ...FRESH.allowance, countedFromMaintainer: 280, countedFromOrganization: 280 },
      },
    });
    expect(limited).toContain('+20 XP');
    expect(limited).toContain('+40 coins');
    expect(limited).toContain(
      'For alice: counts 20 of 32 XP: monthly limit from this maintainer reached.',
    );
    const newRepository = render(state, {
      allowance: {
        status: 'ready',
        allowance: { ...FRESH.allowance, standing: { level: 'none', percent: 0 } },
      },
    });
    expect(newRepository).toContain('+0 XP');
    expect(newRepository).toContain('no outside standing yet');
    const outsider = render(state, {
      allowance: { status: 'ready', allowance: { ...FRESH.allowance, contributor: null } },
    });
    expect(outsider).toContain('+0 XP');
    expect(outsider).toContain('the merge pays nobody');
    expect(render(state, { allowance: { status: 'loading' } })).toContain(
      'Checking what counts for alice this month',
    );
    // Until the limits are known the offered reward shows, with a word that they apply.
    expect(render(state, { allowance: { status: 'error' } })).toContain('+32 XP');
  });

  it("disables everything while submitting and shows the server's error", () => {
    const state = setRating(initialMergeFeedbackState(), 'codeQuality', 2);
    const html = render(state, { isSubmitting: true, error: 'Pull request is not mergeable' });
    expect(submitButton(html)).toContain('disabled=""');
    expect(html).toContain('animate-spin');
    expect(html).toContain('Pull request is not mergeable');
    expect(html).toContain('role="alert"');
  });
});
