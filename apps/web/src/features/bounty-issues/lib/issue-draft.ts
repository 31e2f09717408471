import {
  browserCookieJar,
  DAY_SECONDS,
  readCookie,
  removeCookie,
  writeCookie,
  type CookieJar,
} from '@/lib/cookies';
import {
  ISSUE_FORM_FIELDS,
  isSelectableIssueLabel,
  type IssueFormField,
  type IssueFormValues,
} from './issue-form';

/** The create-issue form's cookies last 7 days. */
export const ISSUE_DRAFT_MAX_AGE_SECONDS = 7 * DAY_SECONDS;
/** Only the maintainer pages need the draft; API calls and other areas never carry it. */
export const ISSUE_DRAFT_PATH = '/maintainer';
/**
 * Browsers drop a cookie over about 4 KB, and every page load under /maintainer sends them all;
 * a longer encoded value is not kept (a long description is not restored, the rest is).
 */
export const MAX_DRAFT_COOKIE_VALUE_LENGTH = 3000;

export const ISSUE_DRAFT_COOKIES: Readonly<Record<IssueFormField, string>> = {
  owner: 'issueDraft_owner',
  repo: 'issueDraft_repo',
  title: 'issueDraft_title',
  body: 'issueDraft_body',
  labels: 'issueDraft_labels',
  assignees: 'issueDraft_assignees',
  milestone: 'issueDraft_milestone',
  stake: 'issueDraft_stake',
  bounty: 'issueDraft_bounty',
  chainBounty: 'issueDraft_chainBounty',
};

/** Everything after the repository: what a successful creation clears. */
export const FIELDS_CLEARED_AFTER_CREATE = ISSUE_FORM_FIELDS.filter(
  (field) => field !== 'owner' && field !== 'repo',
);

const cookieOptions = { path: ISSUE_DRAFT_PATH, sameSite: 'Lax' as const };

function encodeField(values: IssueFormValues, field: IssueFormField): string {
  return field === 'labels'
    ? values.labels.length
      ? JSON.stringify(values.labels)
      : ''
    : values[field];
}

function decodeLabels(text: string): IssueFormValues['labels'] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return [...new Set(parsed.filter(isSelectableIssueLabel))];
  } catch {
    return [];
  }
}

/** The saved draft: only the fields that have a cookie, so defaults and URL values can fill the rest. */
export function readIssueDraft(jar: CookieJar = browserCookieJar): Partial<IssueFormValues> {
  const draft: Partial<IssueFormValues> = {};
  for (const field of ISSUE_FORM_FIELDS) {
    const value = readCookie(ISSUE_DRAFT_COOKIES[field], jar);
    if (value === undefined) continue;
    if (field === 'labels') draft.labels = decodeLabels(value);
    else draft[field] = value;
  }
  return draft;
}

/**
 * Saves the form, writing only the fields that differ from `previous` (the last saved values),
 * so typing in one field rewrites one cookie. A blank field deletes its cookie.
 */
export function saveIssueDraft(
  values: IssueFormValues,
  previous: IssueFormValues | null = null,
  jar: CookieJar = browserCookieJar,
): void {
  for (const field of ISSUE_FORM_FIELDS) {
    const value = encodeField(values, field);
    if (previous !== null && encodeField(previous, field) === value) continue;
    const name = ISSUE_DRAFT_COOKIES[field];
    if (value === '' || encodeURIComponent(value).length > MAX_DRAFT_COOKIE_VALUE_LENGTH) {
      removeCookie(name, cookieOptions, jar);
    } else {
      writeCookie(
        name,
        value,
        { ...cookieOptions, maxAgeSeconds: ISSUE_DRAFT_MAX_AGE_SECONDS },
        jar,
      );
    }
  }
}

function removeDraftFields(fields: readonly IssueFormField[], jar: CookieJar): void {
  for (const field of fields) removeCookie(ISSUE_DRAFT_COOKIES[field], cookieOptions, jar);
}

/** After a successful creation: owner and repository stay, title onward go. */
export function clearIssueDraftAfterCreate(jar: CookieJar = browserCookieJar): void {
  removeDraftFields(FIELDS_CLEARED_AFTER_CREATE, jar);
}

/**
 * At logout: the whole draft goes, so the next person on this browser does not find it (nor post
 * to the previous one's repository). Removed by name and path, so it works from any page, also
 * one outside /maintainer, where the cookies cannot be read.
 */
export function clearIssueDraft(jar: CookieJar = browserCookieJar): void {
  removeDraftFields(ISSUE_FORM_FIELDS, jar);
}
