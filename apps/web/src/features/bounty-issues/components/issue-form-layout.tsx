import type { ReactNode } from 'react';

import { useAppConfig } from '@/features/app-config/api/app-config';
import { useMaintainerBalance } from '../api/maintainer-balance';
import type { IssueForm } from '../hooks/use-issue-form';
import { isMissingRequiredField } from '../lib/issue-form';
import { transactionSummary } from '../lib/transaction-summary';
import { IssueFormActions } from './issue-form-actions';
import { IssueFormErrorBox } from './issue-form-feedback';
import { TransactionSummaryCard } from './transaction-summary-card';

interface IssueFormLayoutProps {
  form: IssueForm;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  onCancel: () => void;
  /** The form's sections. */
  children: ReactNode;
}

/**
 * The frame both create-issue forms share: the sections on the left, and beside them the
 * Transaction Summary against the maintainer's balance, the error box and Cancel / submit.
 */
export function IssueFormLayout({
  form: { values, isSubmitting, error, errorId, submit },
  label,
  submitLabel,
  onCancel,
  children,
}: IssueFormLayoutProps) {
  const balance = useMaintainerBalance();
  const chain = useAppConfig().data?.chain ?? null;
  const summary = transactionSummary(
    values.stake,
    values.bounty,
    balance.data?.coins ?? null,
    chain ? values.chainBounty : '',
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      aria-label={label}
      aria-busy={isSubmitting}
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <fieldset disabled={isSubmitting} className="grid min-w-0 gap-6">
        {children}
      </fieldset>

      <div className="grid gap-4 lg:sticky lg:top-20">
        <TransactionSummaryCard
          summary={summary}
          balanceState={balance.isPending ? 'loading' : balance.isError ? 'error' : 'ready'}
          chainSymbol={chain?.symbol ?? null}
        />
        {error && (
          <IssueFormErrorBox
            id={errorId}
            message={error.message}
            githubRequired={error.githubRequired}
          />
        )}
        <IssueFormActions
          submitLabel={submitLabel}
          isSubmitting={isSubmitting}
          submitDisabled={isMissingRequiredField(values)}
          onCancel={onCancel}
        />
      </div>
    </form>
  );
}
