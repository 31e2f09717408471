import type { CreatedBountyIssue } from '@openstake/core';
import { useId, useState } from 'react';

import type { IssueFormField, IssueFormValues } from '../lib/issue-form';
import { useBountyIssueSubmit } from './use-bounty-issue-submit';

/** The fields typed as text (all but the label choice). */
export type IssueTextFieldName = Exclude<IssueFormField, 'labels'>;

interface UseIssueFormOptions {
  /** The pull request the issue is opened for (the open-issue form). */
  pullRequestNumber?: number | null;
  /** Called after a creation, before `afterCreate`. */
  onCreated?: (created: CreatedBountyIssue) => void;
  /** The values the form keeps after a creation; without it they stay as they were. */
  afterCreate?: (values: IssueFormValues) => IssueFormValues;
}

/**
 * A create-issue form's state and submission: its values, the props that bind an input to a
 * field (its id, value, setter and error state), and the submit that checks and sends them.
 */
export function useIssueForm(
  initialValues: () => IssueFormValues,
  { pullRequestNumber = null, onCreated, afterCreate }: UseIssueFormOptions = {},
) {
  const ids = useId();
  const errorId = `${ids}-error`;
  const [values, setValues] = useState<IssueFormValues>(initialValues);
  const { submit, isSubmitting, error, created } = useBountyIssueSubmit({
    onCreated: (result) => {
      onCreated?.(result);
      if (afterCreate) setValues(afterCreate);
    },
  });

  const set =
    <K extends IssueFormField>(field: K) =>
    (value: IssueFormValues[K]) => {
      setValues((current) => ({ ...current, [field]: value }));
    };

  /** What an input needs to edit `name`: IssueTextField, MarkdownField, CoinAmountField. */
  const field = (name: IssueTextFieldName) => ({
    id: `${ids}-${name}`,
    name,
    value: values[name],
    onChange: set(name),
    invalid: error?.field === name,
    errorId,
  });

  return {
    ids,
    errorId,
    values,
    set,
    field,
    error,
    created,
    isSubmitting,
    submit: () => {
      submit(values, pullRequestNumber);
    },
  };
}

export type IssueForm = ReturnType<typeof useIssueForm>;
