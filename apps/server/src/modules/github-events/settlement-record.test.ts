import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { settlementRecord } from './receive-github-webhook';

const closedPullRequest = {
  action: 'closed',
  number: 7,
  pull_request: {
    number: 7,
    state: 'closed',
    merged: true,
    title: 'Fix the parser',
    body: 'Fixes #3',
    user: { login: 'dev', id: 1, avatar_url: 'https://example.com/a.png' },
    merged_by: { login: 'mia', id: 2 },
    merged_at: '2026-11-24T01:00:00Z',
    head: { sha: 'abc', repo: { full_name: 'a/b' } },
    base: {
      ref: 'main',
      repo: {
        id: 10,
        owner: { login: 'a', id: 11, type: 'Organization' },
        full_name: 'a/b',
        description: 'Not kept',
        stargazers_count: 12,
        forks_count: 3,
        created_at: '2024-01-01T00:00:00Z',
      },
    },
  },
  repository: { id: 1, full_name: 'a/b' },
  sender: { login: 'mia' },
};

describe('what is kept of a webhook delivery', () => {
  it('a closed pull request: what settlement reads of it, and nothing else', () => {
    expect(settlementRecord('pull_request', closedPullRequest)).toEqual({
      settles: true,
      // Settles something only if a stake waits on it: the receiver asks as it records it.
      pullRequestNumber: 7,
      payload: {
        action: 'closed',
        pull_request: {
          number: 7,
          state: 'closed',
          merged: true,
          user: { login: 'dev' },
          merged_by: { login: 'mia', id: 2 },
          merged_at: '2026-11-24T01:00:00Z',
          body: 'Fixes #3',
          // The repository's standing decides what the merge pays; the ids, whose limits count it.
          base: {
            repo: {
              id: 10,
              owner: { id: 11 },
              stargazers_count: 12,
              forks_count: 3,
              created_at: '2024-01-01T00:00:00Z',
            },
          },
        },
      },
    });
    const unmerged = { ...closedPullRequest.pull_request, merged: false, merged_by: null };
    expect(
      settlementRecord('pull_request', { ...closedPullRequest, pull_request: unmerged }).payload,
    ).toMatchObject({ pull_request: { merged: false, merged_by: null } });
  });

  it("a closed or reopened issue: the issue's id", () => {
    for (const action of ['closed', 'reopened']) {
      expect(settlementRecord('issues', { action, issue: { id: 42 } })).toEqual({
        settles: true,
        payload: { action, issue: { id: 42 } },
      });
    }
  });

  it('any other event or action: only its action, with nothing to settle', () => {
    for (const [event, action] of [
      ['pull_request', 'opened'],
      ['pull_request', 'synchronize'],
      ['pull_request_review', 'submitted'],
      ['issues', 'labeled'],
      ['issue_comment', 'edited'],
      ['issue_comment', 'deleted'],
      ['push', undefined],
    ] as const) {
      expect(settlementRecord(event, { ...closedPullRequest, action })).toEqual({
        settles: false,
        payload: { action: action ?? null },
      });
    }
  });
});

interface WebhookExample {
  name: string;
  examples: Record<string, unknown>[];
}
const webhookExamples = createRequire(import.meta.url)(
  '@octokit/webhooks-examples',
) as WebhookExample[];
const examplesOf = (event: string, actions: string[]) =>
  (webhookExamples.find((e) => e.name === event)?.examples ?? []).filter((e) =>
    actions.includes(String(e.action)),
  );

describe("what is kept of the GitHub App's installation events (GitHub's own examples)", () => {
  const repository = { id: expect.any(Number), full_name: expect.stringMatching(/^[^/]+\/[^/]+$/) };

  it('installation created and deleted: the installation, its account, the sender and repositories', () => {
    const examples = examplesOf('installation', ['created', 'deleted']);
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const example of examples) {
      const record = settlementRecord('installation', example);
      expect(record.settles).toBe(true);
      expect(record.payload).toMatchObject({
        action: example.action,
        installation: {
          id: expect.any(Number),
          app_id: expect.any(Number),
          account: { login: expect.any(String) },
        },
        sender: { id: expect.any(Number), login: expect.any(String) },
      });
      const { repositories } = record.payload as { repositories?: unknown[] };
      for (const r of repositories ?? []) expect(r).toEqual(repository);
    }
  });

  it('installation_repositories added and removed: the repositories, by id and full name', () => {
    const examples = examplesOf('installation_repositories', ['added', 'removed']);
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const example of examples) {
      const record = settlementRecord('installation_repositories', example);
      expect(record.settles).toBe(true);
      const kept = record.payload as Record<string, unknown[] | undefined>;
      const list = kept[`repositories_${String(example.action)}`];
      expect(list?.length).toBeGreaterThan(0);
      for (const r of list ?? []) expect(r).toEqual(repository);
      expect(kept).toMatchObject({
        installation: { id: expect.any(Number) },
        sender: { id: expect.any(Number), login: expect.any(String) },
      });
    }
  });

  it('other installation actions are only recorded', () => {
    for (const example of examplesOf('installation', ['suspend', 'new_permissions_accepted'])) {
      expect(settlementRecord('installation', example).settles).toBe(false);
    }
  });
});

describe("what is kept of a new comment, for its slash command (GitHub's own examples)", () => {
  it('issue_comment created with a command: the first line of its body, its author, and the issue or pull request', () => {
    const examples = examplesOf('issue_comment', ['created']);
    expect(examples.length).toBeGreaterThanOrEqual(1);
    for (const example of examples) {
      const original = example as {
        comment: { id: number; body: string; user: { id: number; login: string; type: string } };
        issue: { number: number; state: string; pull_request?: { html_url: string } };
      };
      // GitHub's example comment, as a contributor's command with a thank-you below it.
      const body = `/stake #12\n${original.comment.body}`;
      const record = settlementRecord('issue_comment', {
        ...original,
        comment: { ...original.comment, body },
      });
      expect(record).toEqual({
        settles: true,
        payload: {
          action: 'created',
          comment: {
            id: original.comment.id,
            body: '/stake #12',
            user: {
              id: original.comment.user.id,
              login: original.comment.user.login,
              type: original.comment.user.type,
            },
          },
          issue: {
            number: original.issue.number,
            state: original.issue.state,
            user: { login: expect.any(String) },
            pull_request: original.issue.pull_request
              ? { html_url: original.issue.pull_request.html_url }
              : null,
          },
        },
      });
    }
  });

  it("issue_comment created without a command (GitHub's examples as they are) is only recorded", () => {
    for (const example of examplesOf('issue_comment', ['created'])) {
      expect(settlementRecord('issue_comment', example)).toEqual({
        settles: false,
        payload: { action: 'created' },
      });
    }
    const comment = (body: string) =>
      settlementRecord('issue_comment', {
        action: 'created',
        comment: { id: 1, body, user: { id: 2, login: 'dev', type: 'User' } },
        issue: { number: 3, state: 'open', user: { login: 'dev' } },
      }).settles;
    expect(comment('Thanks, looks good\n/stake')).toBe(false);
    expect(comment('    /stake')).toBe(false);
    expect(comment('/stakes please')).toBe(false);
    // A malformed command is run, to be answered with its usage.
    expect(comment('/bounty lots')).toBe(true);
    expect(comment('/unstake')).toBe(true);
  });

  it('keeps only the first 360 characters of the first line (a denouncement and its reason fit)', () => {
    const long = `/stake ${'x'.repeat(500)}\nsecond line`;
    const record = settlementRecord('issue_comment', {
      action: 'created',
      comment: { id: 1, body: long, user: { id: 2, login: 'dev', type: 'User' } },
      issue: { number: 3, state: 'open', user: { login: 'dev' } },
    });
    expect((record.payload as { comment: { body: string } }).comment.body).toBe(long.slice(0, 360));
  });
});

describe('what is kept of a ping or a push, for the VOUCHED.td file', () => {
  const push = (
    ref: string,
    commit: { added?: string[]; modified?: string[]; removed?: string[] },
  ) =>
    settlementRecord('push', {
      ref,
      repository: { id: 1, default_branch: 'main' },
      commits: [{ added: [], removed: [], modified: [], ...commit }],
    });

  it("a new hook's ping, and a push to the default branch that touches the file, are read", () => {
    expect(settlementRecord('ping', {})).toEqual({ settles: true, payload: { action: null } });
    for (const commit of [
      { added: ['.github/VOUCHED.td'] },
      { modified: ['README.md', '.github/VOUCHED.td'] },
      { removed: ['.github/VOUCHED.td'] },
    ]) {
      expect(push('refs/heads/main', commit).settles).toBe(true);
    }
  });

  it('a push to another branch, or one that leaves the file alone, is only recorded', () => {
    expect(push('refs/heads/feature', { modified: ['.github/VOUCHED.td'] }).settles).toBe(false);
    expect(push('refs/heads/main', { modified: ['VOUCHED.td', 'src/app.ts'] }).settles).toBe(false);
  });
});
