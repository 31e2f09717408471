import {
  DEFAULT_REPOSITORY_POLICY,
  RANKS,
  repositoryPolicySchema,
  type RepositoryPolicy,
} from '@openstake/core';

import { ApiError } from '@/lib/api/api-error';

/*
 * The stake policy form (decision 015) as text and switches, checked with the contract's own
 * schema, so it refuses what the server would, in the same words.
 */

export type StakePolicyField = keyof RepositoryPolicy;

export interface StakePolicyFormValues {
  maxOpenStakesPerContributor: string;
  maxNewcomerStakesPerIssue: string;
  /** Whether the first staker on an issue works alone for a while. */
  exclusiveWindowOn: boolean;
  exclusiveWindowDays: string;
  /** The minimum XP as the select's value: a rank's minimum, '0' for anyone. */
  minXp: string;
  vouchedOnly: boolean;
  allowGenerated: boolean;
  botUnstakedNotice: boolean;
  botCloseDenounced: boolean;
}

export type StakePolicyErrors = Partial<Record<StakePolicyField, string>>;

/** The days the exclusive window field offers when it is turned on from off. */
export const SUGGESTED_EXCLUSIVE_WINDOW_DAYS = 7;

/** The minimum rank's choices: anyone, then each rank above Code Novice with its minimum XP. */
export const MIN_RANK_CHOICES: readonly { value: string; label: string }[] = [
  { value: '0', label: 'Anyone' },
  ...RANKS.filter((rank) => rank.minXp > 0).map((rank) => ({
    value: String(rank.minXp),
    label: `${rank.name} (${rank.minXp.toLocaleString('en-US')} XP)`,
  })),
];

export function stakePolicyFormValues(policy: RepositoryPolicy): StakePolicyFormValues {
  return {
    maxOpenStakesPerContributor: String(policy.maxOpenStakesPerContributor),
    maxNewcomerStakesPerIssue: String(policy.maxNewcomerStakesPerIssue),
    exclusiveWindowOn: policy.exclusiveWindowDays !== null,
    exclusiveWindowDays: String(policy.exclusiveWindowDays ?? SUGGESTED_EXCLUSIVE_WINDOW_DAYS),
    minXp: String(policy.minXp),
    vouchedOnly: policy.vouchedOnly,
    allowGenerated: policy.allowGenerated,
    botUnstakedNotice: policy.botUnstakedNotice,
    botCloseDenounced: policy.botCloseDenounced,
  };
}

/** A whole number typed in a field; anything else ('', '2.5', '1e3', '3 stakes') is NaN. */
const wholeNumberText = (text: string): number =>
  /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;

export type StakePolicyCheck =
  { ok: true; policy: RepositoryPolicy } | { ok: false; errors: StakePolicyErrors };

export function checkStakePolicy(values: StakePolicyFormValues): StakePolicyCheck {
  const parsed = repositoryPolicySchema.safeParse({
    maxOpenStakesPerContributor: wholeNumberText(values.maxOpenStakesPerContributor),
    maxNewcomerStakesPerIssue: wholeNumberText(values.maxNewcomerStakesPerIssue),
    exclusiveWindowDays: values.exclusiveWindowOn
      ? wholeNumberText(values.exclusiveWindowDays)
      : null,
    minXp: wholeNumberText(values.minXp),
    vouchedOnly: values.vouchedOnly,
    allowGenerated: values.allowGenerated,
    botUnstakedNotice: values.botUnstakedNotice,
    botCloseDenounced: values.botCloseDenounced,
  });
  if (parsed.success) return { ok: true, policy: parsed.data };
  const errors: StakePolicyErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && isStakePolicyField(field)) errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

export function isStakePolicyField(name: string): name is StakePolicyField {
  return Object.hasOwn(DEFAULT_REPOSITORY_POLICY, name);
}

/** The settings that differ from the saved ones: the PATCH body, empty when nothing changed. */
export function changedStakePolicy(
  saved: RepositoryPolicy,
  next: RepositoryPolicy,
): Partial<RepositoryPolicy> {
  const changes: Partial<Record<StakePolicyField, unknown>> = {};
  for (const field of Object.keys(next) as StakePolicyField[]) {
    if (next[field] !== saved[field]) changes[field] = next[field];
  }
  return changes as Partial<RepositoryPolicy>;
}

/**
 * The server's refusal at the field it names ('minXp: The minimum rank must be ...' shown under
 * Minimum rank as 'The minimum rank must be ...'); none for a refusal of no policy field.
 */
export function stakePolicyErrorsOf(error: unknown): StakePolicyErrors {
  if (!(error instanceof ApiError) || !error.field || !isStakePolicyField(error.field)) return {};
  const message = error.serverMessage ?? error.message;
  return { [error.field]: message.replace(`${error.field}: `, '') };
}
