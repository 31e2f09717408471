import {
  createBountyIssueInputSchema,
  parseAssignees,
  SELECTABLE_ISSUE_LABELS,
  type CreateBountyIssueInput,
} from '@openstake/core';

export type SelectableIssueLabel = (typeof SELECTABLE_ISSUE_LABELS)[number];

/**
 * What the create-issue forms hold, as typed: every field is text except the label choice, so a
 * half-typed amount stays on screen as the user wrote it. Field order is the product's, which
 * is also the order 'title onward' is cleared in after a creation.
 */
export interface IssueFormValues {
  owner: string;
  repo: string;
  title: string;
  body: string;
  labels: SelectableIssueLabel[];
  /** Comma-separated GitHub usernames. */
  assignees: string;
  /** A milestone number, or blank for none. */
  milestone: string;
  /** Coins a contributor stakes to take the issue. */
  stake: string;
  /** Coins paid to the contributor whose pull request is merged. */
  bounty: string;
  /**
   * An optional chain bounty in the ledger network's currency ('1.5'), paid in later from the
   * maintainer's own wallet; blank for none. Never coins.
   */
  chainBounty: string;
}

export type IssueFormField = keyof IssueFormValues;

export const ISSUE_FORM_FIELDS = [
  'owner',
  'repo',
  'title',
  'body',
  'labels',
  'assignees',
  'milestone',
  'stake',
  'bounty',
  'chainBounty',
] as const satisfies readonly IssueFormField[];

export const EMPTY_ISSUE_FORM: Readonly<IssueFormValues> = {
  owner: '',
  repo: '',
  title: '',
  body: '',
  labels: [],
  assignees: '',
  milestone: '',
  stake: '',
  bounty: '',
  chainBounty: '',
};

export function isSelectableIssueLabel(value: unknown): value is SelectableIssueLabel {
  return (
    typeof value === 'string' && (SELECTABLE_ISSUE_LABELS as readonly string[]).includes(value)
  );
}

/** The chosen labels in the product's order, whatever order they were clicked in. */
export function toggleLabel(
  labels: readonly SelectableIssueLabel[],
  label: SelectableIssueLabel,
): SelectableIssueLabel[] {
  const chosen = new Set(labels);
  if (chosen.has(label)) chosen.delete(label);
  else chosen.add(label);
  return SELECTABLE_ISSUE_LABELS.filter((l) => chosen.has(l));
}

/** After a successful creation the form keeps the repository and clears title onward. */
export function clearedAfterCreate(values: IssueFormValues): IssueFormValues {
  return { ...EMPTY_ISSUE_FORM, labels: [], owner: values.owner, repo: values.repo };
}

/**
 * The submit button stays disabled while any of title, owner, repository, stake or bounty is
 * blank. Blank means empty after trimming.
 */
export function isMissingRequiredField(values: IssueFormValues): boolean {
  return [values.owner, values.repo, values.title, values.stake, values.bounty].some(
    (value) => value.trim() === '',
  );
}

const NUMBER = /^[+-]?\d+(?:\.\d+)?$/;

/**
 * A typed amount as a number for the schema to judge: blank is undefined and anything that is
 * not a plain decimal ('1e3', '0x10', '10 coins') is NaN, so the schema's message names the field.
 */
export function parseAmountText(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return NUMBER.test(trimmed) ? Number(trimmed) : Number.NaN;
}

const REQUEST_FIELD_TO_FORM: Readonly<Record<string, IssueFormField>> = {
  owner: 'owner',
  repo: 'repo',
  title: 'title',
  body: 'body',
  labels: 'labels',
  assignees: 'assignees',
  milestone: 'milestone',
  stakeAmount: 'stake',
  bountyAmount: 'bounty',
  chainBounty: 'chainBounty',
};

/** The form field a request field (the server's `field` on a 400) belongs to. */
export function formFieldOf(requestField: string | null | undefined): IssueFormField | null {
  if (!requestField) return null;
  return Object.hasOwn(REQUEST_FIELD_TO_FORM, requestField)
    ? (REQUEST_FIELD_TO_FORM[requestField] ?? null)
    : null;
}

export type CreateIssueCheck =
  | { ok: true; input: CreateBountyIssueInput }
  | { ok: false; message: string; field: IssueFormField | null };

/**
 * Turns the form into the request body with the contract's own schema, so the form refuses
 * exactly what the server would, with the same words: 'Owner and Repository are required',
 * 'Title is required', 'A valid stake amount is required', 'A valid bounty amount is required'.
 * The first problem in the form's order is reported, with the field it belongs to.
 */
export function checkCreateBountyIssue(
  values: IssueFormValues,
  pullRequestNumber: number | null = null,
): CreateIssueCheck {
  const parsed = createBountyIssueInputSchema.safeParse({
    owner: values.owner,
    repo: values.repo,
    title: values.title,
    body: values.body,
    labels: values.labels,
    assignees: parseAssignees(values.assignees),
    milestone: values.milestone.trim() === '' ? null : parseAmountText(values.milestone),
    stakeAmount: parseAmountText(values.stake),
    bountyAmount: parseAmountText(values.bounty),
    pullRequestNumber,
    chainBounty: values.chainBounty.trim() === '' ? null : values.chainBounty,
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const issue = parsed.error.issues[0];
  const key = issue?.path[0];
  return {
    ok: false,
    message: issue?.message ?? 'Issue creation failed',
    field: typeof key === 'string' ? formFieldOf(key) : null,
  };
}
