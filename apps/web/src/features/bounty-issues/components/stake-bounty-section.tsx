import { BOUNTY_PRESETS, STAKE_PRESETS } from '@openstake/core';
import type { ReactNode } from 'react';

import { useAppConfig } from '@/features/app-config/api/app-config';
import type { IssueForm } from '../hooks/use-issue-form';
import { CoinAmountField } from './coin-amount-field';
import { IssueFormSection } from './issue-form-section';
import { IssueTextField } from './issue-text-field';

/**
 * The 'Stake & Bounty' card of the create-issue forms: the stake and the
 * bounty in coins and, when the server has a ledger network, an optional chain bounty in its
 * currency, which the maintainer's own wallet pays in after the issue is created.
 */
export function StakeBountySection({
  form,
  description,
}: {
  form: IssueForm;
  description: ReactNode;
}) {
  const chain = useAppConfig().data?.chain ?? null;
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
      {chain && (
        <div className="md:col-span-2">
          <IssueTextField
            {...form.field('chainBounty')}
            label={`Chain bounty in ${chain.symbol} (optional)`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="None"
            hint={`Not coins: ${chain.symbol} on the ledger network (chain ${String(chain.chainId)}), paid in from your own wallet after the issue is created, and paid to the contributor whose pull request you merge. ${
              chain.demoWallets
                ? 'In this demo, a demo wallet on a local test chain can pay it, with test currency.'
                : 'Your wallet shows the payment and its network fee before you sign it.'
            } Leave empty for none.`}
          />
        </div>
      )}
    </IssueFormSection>
  );
}
