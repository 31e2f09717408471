import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REPOSITORY_POLICY,
  EXCLUSIVE_WINDOW_MESSAGE,
  MAX_NEWCOMER_STAKES_MESSAGE,
  MAX_OPEN_STAKES_MESSAGE,
  MIN_XP_MESSAGE,
  POLICY_MIN_XP_CHOICES,
  repoParamsSchema,
  repositoryPolicySchema,
  updateRepositorySettingsInputSchema,
} from './maintainer';
import { RANKS } from './ranks';

describe('repoParamsSchema', () => {
  it.each([
    ['openstake-labs', 'stake-engine'],
    ['a', '.github'],
    ['some_user', 'socket.io'],
    ['x', '...'],
  ])('accepts %s/%s', (owner, repo) => {
    expect(repoParamsSchema.safeParse({ owner, repo }).success).toBe(true);
  });

  it.each([
    ['openstake-labs', '..'],
    ['..', 'stake-engine'],
    ['.', 'x'],
    ['x', '.'],
    ['x', 'a/b'],
    ['x', ''],
    ['x', 'a'.repeat(101)],
  ])('refuses %s/%s: dot segments would climb out of a GitHub API path', (owner, repo) => {
    expect(repoParamsSchema.safeParse({ owner, repo }).success).toBe(false);
  });
});

describe('repositoryPolicySchema', () => {
  it('accepts the defaults, and every bound at its edge', () => {
    expect(repositoryPolicySchema.parse(DEFAULT_REPOSITORY_POLICY)).toEqual(
      DEFAULT_REPOSITORY_POLICY,
    );
    const edges = {
      ...DEFAULT_REPOSITORY_POLICY,
      maxOpenStakesPerContributor: 20,
      maxNewcomerStakesPerIssue: 1,
      exclusiveWindowDays: 30,
      minXp: 5000,
    };
    expect(repositoryPolicySchema.parse(edges)).toEqual(edges);
  });

  it.each([
    ['maxOpenStakesPerContributor', 0, MAX_OPEN_STAKES_MESSAGE],
    ['maxOpenStakesPerContributor', 21, MAX_OPEN_STAKES_MESSAGE],
    ['maxOpenStakesPerContributor', 2.5, MAX_OPEN_STAKES_MESSAGE],
    ['maxNewcomerStakesPerIssue', 0, MAX_NEWCOMER_STAKES_MESSAGE],
    ['maxNewcomerStakesPerIssue', 51, MAX_NEWCOMER_STAKES_MESSAGE],
    ['exclusiveWindowDays', 0, EXCLUSIVE_WINDOW_MESSAGE],
    ['exclusiveWindowDays', 31, EXCLUSIVE_WINDOW_MESSAGE],
    ['minXp', 50, MIN_XP_MESSAGE],
    ['minXp', -100, MIN_XP_MESSAGE],
    ['vouchedOnly', 'yes', 'Vouched contributors only must be true or false'],
  ])('refuses %s = %s with its message', (field, value, message) => {
    const parsed = repositoryPolicySchema.safeParse({
      ...DEFAULT_REPOSITORY_POLICY,
      [field]: value,
    });
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [field, message],
    ]);
  });

  it("takes the minimum XP only as a rank's minimum", () => {
    expect(POLICY_MIN_XP_CHOICES).toEqual(RANKS.map((rank) => rank.minXp));
    expect(MIN_XP_MESSAGE).toBe(
      "The minimum rank must be a rank's minimum XP: 0, 100, 500, 1500, 3000, 5000",
    );
  });
});

describe('updateRepositorySettingsInputSchema', () => {
  it('takes any one setting alone, the policy among them', () => {
    expect(updateRepositorySettingsInputSchema.parse({ exclusiveWindowDays: null })).toEqual({
      exclusiveWindowDays: null,
    });
    expect(updateRepositorySettingsInputSchema.parse({ minXp: 500, botComments: false })).toEqual({
      minXp: 500,
      botComments: false,
    });
  });

  it('refuses an empty change', () => {
    expect(updateRepositorySettingsInputSchema.safeParse({}).error?.issues[0]?.message).toBe(
      'Send at least one setting to change',
    );
  });
});
