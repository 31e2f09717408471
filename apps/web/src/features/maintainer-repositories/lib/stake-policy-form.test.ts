import {
  DEFAULT_REPOSITORY_POLICY,
  EXCLUSIVE_WINDOW_MESSAGE,
  MAX_NEWCOMER_STAKES_MESSAGE,
  MAX_OPEN_STAKES_MESSAGE,
  MIN_XP_MESSAGE,
} from '@openstake/core';
import { describe, expect, it } from 'vitest';

import {
  MIN_RANK_CHOICES,
  changedStakePolicy,
  checkStakePolicy,
  stakePolicyErrorsOf,
  stakePolicyFormValues,
} from './stake-policy-form';
import { ApiError } from '@/lib/api/api-error';

const defaults = stakePolicyFormValues(DEFAULT_REPOSITORY_POLICY);

describe('the stake policy form', () => {
  it('starts from the saved policy, the exclusive window off', () => {
    expect(defaults).toMatchObject({
      maxOpenStakesPerContributor: '2',
      maxNewcomerStakesPerIssue: '3',
      exclusiveWindowOn: false,
      minXp: '0',
      allowGenerated: true,
    });
    expect(checkStakePolicy(defaults)).toEqual({ ok: true, policy: DEFAULT_REPOSITORY_POLICY });
  });

  it('offers Anyone, then each rank by its minimum XP', () => {
    expect(MIN_RANK_CHOICES).toEqual([
      { value: '0', label: 'Anyone' },
      { value: '100', label: 'Code Apprentice (100 XP)' },
      { value: '500', label: 'Code Contributor (500 XP)' },
      { value: '1500', label: 'Code Master (1,500 XP)' },
      { value: '3000', label: 'Code Expert (3,000 XP)' },
      { value: '5000', label: 'Open Source Legend (5,000 XP)' },
    ]);
  });

  it("refuses out-of-bounds and non-whole numbers with the server's words, at their fields", () => {
    expect(
      checkStakePolicy({
        ...defaults,
        maxOpenStakesPerContributor: '21',
        maxNewcomerStakesPerIssue: '2.5',
        exclusiveWindowOn: true,
        exclusiveWindowDays: '',
      }),
    ).toEqual({
      ok: false,
      errors: {
        maxOpenStakesPerContributor: MAX_OPEN_STAKES_MESSAGE,
        maxNewcomerStakesPerIssue: MAX_NEWCOMER_STAKES_MESSAGE,
        exclusiveWindowDays: EXCLUSIVE_WINDOW_MESSAGE,
      },
    });
  });

  it('sends only what changed: the window on for 14 days, Code Master, no generated work', () => {
    const checked = checkStakePolicy({
      ...defaults,
      maxOpenStakesPerContributor: ' 2 ',
      exclusiveWindowOn: true,
      exclusiveWindowDays: '14',
      minXp: '1500',
      allowGenerated: false,
    });
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    expect(changedStakePolicy(DEFAULT_REPOSITORY_POLICY, checked.policy)).toEqual({
      exclusiveWindowDays: 14,
      minXp: 1500,
      allowGenerated: false,
    });
  });

  it('turning the window off sends null; an untouched form sends nothing', () => {
    const saved = { ...DEFAULT_REPOSITORY_POLICY, exclusiveWindowDays: 5 };
    const checked = checkStakePolicy({ ...stakePolicyFormValues(saved), exclusiveWindowOn: false });
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    expect(changedStakePolicy(saved, checked.policy)).toEqual({ exclusiveWindowDays: null });
    const same = checkStakePolicy(stakePolicyFormValues(saved));
    if (!same.ok) throw new Error(JSON.stringify(same.errors));
    expect(changedStakePolicy(saved, same.policy)).toEqual({});
  });
});

describe("the server's refusal", () => {
  it('shows at the field it names, without the field name', () => {
    const refused = new ApiError({
      status: 400,
      serverMessage: `minXp: ${MIN_XP_MESSAGE}`,
      field: 'minXp',
    });
    expect(stakePolicyErrorsOf(refused)).toEqual({ minXp: MIN_XP_MESSAGE });
  });

  it('names no field when it is not about one (push access, a network failure)', () => {
    expect(
      stakePolicyErrorsOf(new ApiError({ status: 403, serverMessage: 'You need push access' })),
    ).toEqual({});
    expect(stakePolicyErrorsOf(new ApiError({ status: 0 }))).toEqual({});
    expect(stakePolicyErrorsOf(new Error('boom'))).toEqual({});
  });
});
