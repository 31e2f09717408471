import type { AiAssistance, IssueDetail } from '@openstake/core';

import { checkStakeInput, type StakeInputCheck } from '../api/create-stake';

/** The stake dialog's choices for the AI-assistance declaration (decision 015), in its order. */
export const AI_ASSISTANCE_CHOICES: readonly { value: AiAssistance; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'assisted', label: 'Assisted (AI helped, I wrote and checked it)' },
  { value: 'generated', label: 'Generated (mostly written by AI)' },
];

export function isAiAssistance(value: string): value is AiAssistance {
  return AI_ASSISTANCE_CHOICES.some((choice) => choice.value === value);
}

export interface StakeFormValues {
  prUrl: string;
  aiAssistance: AiAssistance;
}

/**
 * What the stake dialog sends for this issue: the contributor's own price (`stakePrice.amount`,
 * the only amount the server accepts from them), never the issue's stake, with the pull request
 * and the declaration as typed.
 */
export function stakeInputFor(
  issue: Pick<IssueDetail, 'id' | 'stakePrice'>,
  values: StakeFormValues,
): StakeInputCheck {
  return checkStakeInput({
    issueId: issue.id,
    prUrl: values.prUrl,
    amount: issue.stakePrice.amount,
    aiAssistance: values.aiAssistance,
  });
}
