import { describe, expect, it } from 'vitest';

import {
  clearIssueDraft,
  clearIssueDraftAfterCreate,
  ISSUE_DRAFT_COOKIES,
  ISSUE_DRAFT_MAX_AGE_SECONDS,
  MAX_DRAFT_COOKIE_VALUE_LENGTH,
  readIssueDraft,
  saveIssueDraft,
} from './issue-draft';
import { EMPTY_ISSUE_FORM, type IssueFormValues } from './issue-form';
import { memoryCookieJar } from '@/lib/memory-cookie-jar';

const draft: IssueFormValues = {
  owner: 'acme',
  repo: 'widgets',
  title: 'Fix the widget; it breaks',
  body: '## Steps\n\n1. Open it, click it\n2. 100% broken',
  labels: ['bug', 'good first issue'],
  assignees: 'octo, hubot',
  milestone: '3',
  stake: '10',
  bounty: '250',
  chainBounty: '1.5',
};

describe('issue draft cookies', () => {
  it('reads nothing when nothing is saved', () => {
    expect(readIssueDraft(memoryCookieJar().jar)).toEqual({});
  });

  it('round-trips every field in 7-day, Lax cookies on /maintainer', () => {
    const store = memoryCookieJar();
    saveIssueDraft(draft, null, store.jar);

    expect(readIssueDraft(store.jar)).toEqual(draft);
    expect(store.values.size).toBe(10);
    expect(ISSUE_DRAFT_MAX_AGE_SECONDS).toBe(7 * 24 * 60 * 60);
    for (const cookie of store.written) {
      expect(cookie).toContain(`Max-Age=${String(ISSUE_DRAFT_MAX_AGE_SECONDS)}`);
      expect(cookie).toContain('Path=/maintainer');
      expect(cookie).toContain('SameSite=Lax');
    }
  });

  it('writes only the fields that changed since the last save', () => {
    const store = memoryCookieJar();
    saveIssueDraft(draft, null, store.jar);
    store.written.length = 0;

    saveIssueDraft({ ...draft, title: 'New title' }, draft, store.jar);

    expect(store.written).toHaveLength(1);
    expect(store.written[0]).toMatch(/^issueDraft_title=New%20title;/);
  });

  it('deletes the cookie of a field that becomes blank', () => {
    const store = memoryCookieJar();
    saveIssueDraft(draft, null, store.jar);
    saveIssueDraft({ ...draft, milestone: '', labels: [] }, draft, store.jar);

    const read = readIssueDraft(store.jar);
    expect(read.milestone).toBeUndefined();
    expect(read.labels).toBeUndefined();
    expect(store.values.has(ISSUE_DRAFT_COOKIES.milestone)).toBe(false);
  });

  it('does not keep a description too long for a cookie, and drops an older one', () => {
    const store = memoryCookieJar();
    saveIssueDraft(draft, null, store.jar);
    const long = 'x'.repeat(MAX_DRAFT_COOKIE_VALUE_LENGTH + 1);
    saveIssueDraft({ ...draft, body: long }, draft, store.jar);

    const read = readIssueDraft(store.jar);
    expect(read.body).toBeUndefined();
    expect(read.title).toBe(draft.title);
  });

  it('ignores labels that are not selectable or not a list', () => {
    const labels = (value: string) =>
      readIssueDraft(
        memoryCookieJar({ [ISSUE_DRAFT_COOKIES.labels]: encodeURIComponent(value) }).jar,
      ).labels;
    expect(labels('["bug","wontfix","bug",3]')).toEqual(['bug']);
    expect(labels('"bug"')).toEqual([]);
    expect(labels('not json')).toEqual([]);
  });

  it('after a creation keeps owner and repository and clears title onward', () => {
    const store = memoryCookieJar();
    saveIssueDraft(draft, null, store.jar);

    clearIssueDraftAfterCreate(store.jar);

    expect(readIssueDraft(store.jar)).toEqual({ owner: 'acme', repo: 'widgets' });
    expect({ ...EMPTY_ISSUE_FORM, ...readIssueDraft(store.jar) }).toEqual({
      ...EMPTY_ISSUE_FORM,
      owner: 'acme',
      repo: 'widgets',
    });
  });

  it('forgets the whole draft at logout, owner and repository too', () => {
    const store = memoryCookieJar();
    saveIssueDraft(draft, null, store.jar);

    clearIssueDraft(store.jar);

    expect(readIssueDraft(store.jar)).toEqual({});
  });
});
