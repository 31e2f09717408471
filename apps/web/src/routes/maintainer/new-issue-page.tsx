import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { IssueCreatedBox } from '@/features/bounty-issues/components/issue-form-feedback';
import { IssueFormLayout } from '@/features/bounty-issues/components/issue-form-layout';
import { IssueFormSection } from '@/features/bounty-issues/components/issue-form-section';
import { IssueLabelsField } from '@/features/bounty-issues/components/issue-labels-field';
import { IssueTextField } from '@/features/bounty-issues/components/issue-text-field';
import { MarkdownField } from '@/features/bounty-issues/components/markdown-field';
import { StakeBountySection } from '@/features/bounty-issues/components/stake-bounty-section';
import { useGoBack } from '@/features/bounty-issues/hooks/use-go-back';
import { useIssueForm } from '@/features/bounty-issues/hooks/use-issue-form';
import {
  clearIssueDraftAfterCreate,
  readIssueDraft,
  saveIssueDraft,
} from '@/features/bounty-issues/lib/issue-draft';
import {
  clearedAfterCreate,
  EMPTY_ISSUE_FORM,
  type IssueFormValues,
} from '@/features/bounty-issues/lib/issue-form';

/** The saved draft, with ?owner=&repo= (the issue list's New Issue button) taking precedence. */
function initialValues(search: URLSearchParams): IssueFormValues {
  const owner = search.get('owner')?.trim();
  const repo = search.get('repo')?.trim();
  return {
    ...EMPTY_ISSUE_FORM,
    ...readIssueDraft(),
    ...(owner ? { owner } : {}),
    ...(repo ? { repo } : {}),
  };
}

/**
 * /maintainer/new-issue: an issue created on GitHub with a stake in coins a
 * contributor pays to take it and a coin bounty the maintainer escrows now (plus the 5 % fee), and
 * optionally a chain bounty in the ledger network's currency, which their own wallet pays in once
 * the issue exists. The draft lives in cookies for 7 days; after a creation the repository stays,
 * the rest clears.
 */
export function NewIssuePage() {
  const [searchParams] = useSearchParams();
  const form = useIssueForm(() => initialValues(searchParams), {
    onCreated: () => {
      clearIssueDraftAfterCreate();
    },
    afterCreate: clearedAfterCreate,
  });
  const { ids, values, set, field, created } = form;
  const goBack = useGoBack('/maintainer/bounty-issues');

  const saved = useRef<IssueFormValues | null>(null);
  useEffect(() => {
    saveIssueDraft(values, saved.current);
    saved.current = values;
  }, [values]);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Create Issue with Stake & Bounty"
        titleClassName="font-semibold"
        description="The issue is created on GitHub. A contributor stakes coins to take it; the coin bounty goes to the contributor whose pull request you merge. A chain bounty, in the ledger network's currency, is paid in from your own wallet."
      />

      {created && <IssueCreatedBox created={created} />}

      <IssueFormLayout
        form={form}
        label="Create issue with stake and bounty"
        submitLabel="Create Issue with Stake & Bounty"
        onCancel={goBack}
      >
        <IssueFormSection
          title="Issue"
          description="Where the issue goes and what it asks for."
          contentClassName="grid gap-5"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <IssueTextField
              {...field('owner')}
              label="Owner"
              autoComplete="off"
              spellCheck={false}
              placeholder="octocat"
              required
            />
            <IssueTextField
              {...field('repo')}
              label="Repository"
              autoComplete="off"
              spellCheck={false}
              placeholder="hello-world"
              required
            />
          </div>

          <IssueTextField
            {...field('title')}
            label="Title"
            autoComplete="off"
            maxLength={256}
            placeholder="What needs to be done?"
            required
          />

          <MarkdownField
            {...field('body')}
            label="Description"
            placeholder="Describe the issue, the expected result and how to check it."
          />

          <IssueLabelsField id={`${ids}-labels`} value={values.labels} onChange={set('labels')} />

          <div className="grid gap-4 sm:grid-cols-2">
            <IssueTextField
              {...field('assignees')}
              label="Assignees"
              autoComplete="off"
              spellCheck={false}
              placeholder="octocat, hubot"
              hint="Comma-separated GitHub usernames."
            />
            <IssueTextField
              {...field('milestone')}
              label="Milestone"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              placeholder="Optional"
              hint="The repository's milestone number, optional."
            />
          </div>
        </IssueFormSection>

        <StakeBountySection form={form} description="Whole coins, 1 or more." />
      </IssueFormLayout>
    </div>
  );
}
