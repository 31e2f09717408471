import { BOUNTY_PRESETS, STAKE_PRESETS } from '@openstake/core';
import type { ReactNode } from 'react';

import type { IssueForm } from '../hooks/use-issue-form';
import { CoinAmountField } from './coin-amount-field';
import { IssueFormSection } from './issue-form-section';

/** The 'Stake & Bounty' card of the create-issue forms (spec 001 s2.8, s2.9). */
export function StakeBountySection({
  form,
  description,
}: {
  form: IssueForm;
  description: ReactNode;
}) {
  return (
    <IssueFormSection
      title="Stake & Bounty"
      description={description}
      contentClassName="grid gap-6 md:grid-cols-2"
    >
      <CoinAmountField
        {...form.field('stake')}
        legend="Stake amount"
        presetPrefix="Stake"
        presets={STAKE_PRESETS}
        inputLabel="Custom stake (coins)"
        hint="Paid by the contributor who takes the issue and returned when their pull request is merged."
      />
      <CoinAmountField
        {...form.field('bounty')}
        legend="Bounty amount"
        presetPrefix="Bounty"
        presets={BOUNTY_PRESETS}
        inputLabel="Custom bounty (coins)"
        hint="Paid from your coins now (plus the platform fee), to the contributor whose pull request is merged."
      />
    </IssueFormSection>
  );
}
