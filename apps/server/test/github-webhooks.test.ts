import { createHmac, randomUUID } from 'node:crypto';
import { Octokit } from '@octokit/rest';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '@openstake/github-sim';
import { githubDeliveries, repositories, stakes, trackedIssues } from '../src/db/schema';
import { decryptSecret } from '../src/lib/secret-box';
import { receiveGithubWebhook } from '../src/modules/github-events/receive-github-webhook';
import { dispatchGithubEvents } from '../src/modules/github-events/dispatch-github-events';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { getBalance, walletOf } from '../src/modules/ledger/accounts';
import { stakeWorld } from './helpers/stake-world';
import { buildTestApp, type TestApp } from './helpers/test-app';
import { connectRepository } from './helpers/connect-repository';

let app: TestApp;
let sim: GithubSim;
let base: string;
let mia: Account;
/** A contributor whose stakes wait on pull requests here. */
let pat: Account;

const ENGINE = { owner: 'openstake-labs', repo: 'stake-engine' };
const DOCS = { owner: 'openstake-labs', repo: 'docs' };

/** A connected repository's hook id, secret and GitHub id, as OpenStake stored them. */
async function connected(target: { owner: string; repo: string }) {
  await connectRepository(app, base, mia, target);
  const [row] = await app.ctx.db
    .select()
    .from(repositories)
    .where(eq(repositories.fullName, `${target.owner}/${target.repo}`));
  return {
    hookId: row!.webhookId!,
    githubId: row!.githubId,
    secret: decryptSecret(app.ctx.secrets.encryptionKey, row!.webhookSecretEncrypted!),
  };
}

let engine: Awaited<ReturnType<typeof connected>>;
let docs: Awaited<ReturnType<typeof connected>>;

beforeAll(async () => {
  app = await buildTestApp();
  sim = app.githubSim!;
  base = await listen(app);
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  await linkGithub(base, mia, 'mia-maintainer');
  engine = await connected(ENGINE);
  docs = await connected(DOCS);
  pat = await createUser(app, 'contributor', { githubUsername: 'prolific-pat' });
  await linkGithub(base, pat, 'prolific-pat');
  await sim.idle();
});
afterAll(() => app.close());

const sign = (secret: string, body: string | Buffer) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** Posts a delivery over real HTTP, as GitHub does. */
const deliver = async (body: string | Buffer, headers: Record<string, string>) => {
  const answer = await fetch(`${base}/api/github/webhooks`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'issues',
      'x-github-delivery': randomUUID(),
      ...headers,
    },
    body,
  });
  // What a closing delivery settles, it settles after the answer: wait for that too.
  await app.ctx.background.idle();
  return answer;
};

/** Pat stakes on `issue` with the pull request at `prUrl`; the stake's id. */
async function patStakes(
  issue: { githubId: number; stakingRequired: number },
  prUrl: string,
): Promise<string> {
  const res = await app.server.inject({
    method: 'POST',
    url: '/api/contributor/stakes',
    headers: { cookie: pat.cookie },
    payload: { issueId: issue.githubId, prUrl, amount: issue.stakingRequired },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ data: { _id: string } }>().data._id;
}

const storedDeliveries = async () => (await app.ctx.db.select().from(githubDeliveries)).length;

describe('the webhook receiver verifies before it parses', () => {
  it('answers 401 or 400, never 500, to bodies that are not signed JSON objects', async () => {
    const before = await storedDeliveries();
    const hook = { 'x-github-hook-id': String(engine.hookId) };
    for (const body of ['null', '[]', '"text"', '42', 'not json', '']) {
      // Unsigned, or signed with another secret: refused before the body is read.
      expect((await deliver(body, hook)).status).toBe(401);
      const forged = await deliver(body, { ...hook, 'x-hub-signature-256': sign('guess', body) });
      expect(forged.status).toBe(401);
      expect(await forged.json()).toMatchObject({ message: 'Invalid webhook signature' });
    }
    // Signed with the repository's own secret, but not a JSON object: a bad request.
    for (const [body, message] of [
      ['null', 'The webhook body must be a JSON object'],
      ['[]', 'The webhook body must be a JSON object'],
      ['42', 'The webhook body must be a JSON object'],
      ['not json', 'The webhook body is not valid JSON'],
    ] as const) {
      const res = await deliver(body, {
        ...hook,
        'x-hub-signature-256': sign(engine.secret, body),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST', message });
    }
    expect(await storedDeliveries()).toBe(before);
  });

  it('finds the secret from X-GitHub-Hook-ID: a missing or unknown hook is refused', async () => {
    const body = JSON.stringify({ action: 'opened', repository: { id: engine.githubId } });
    const signature = sign(engine.secret, body);
    const missing = await deliver(body, { 'x-hub-signature-256': signature });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe(
      'x-github-hook-id: X-GitHub-Hook-ID header is required',
    );
    const notNumber = await deliver(body, {
      'x-hub-signature-256': signature,
      'x-github-hook-id': 'abc',
    });
    expect(notNumber.status).toBe(400);
    const unknown = await deliver(body, {
      'x-hub-signature-256': signature,
      'x-github-hook-id': String(engine.hookId + docs.hookId),
    });
    expect(unknown.status).toBe(401);
    // Another repository's hook: its secret does not match this signature.
    const other = await deliver(body, {
      'x-hub-signature-256': signature,
      'x-github-hook-id': String(docs.hookId),
    });
    expect(other.status).toBe(401);
    const right = await deliver(body, {
      'x-hub-signature-256': signature,
      'x-github-hook-id': String(engine.hookId),
    });
    expect(right.status).toBe(202);
  });

  it("refuses a signed payload that names another repository than the hook's", async () => {
    const before = await storedDeliveries();
    const body = JSON.stringify({ action: 'closed', repository: { id: docs.githubId } });
    const res = await deliver(body, {
      'x-github-hook-id': String(engine.hookId),
      'x-hub-signature-256': sign(engine.secret, body),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "The payload's repository is not the webhook's repository",
    );
    const none = JSON.stringify({ action: 'closed' });
    const without = await deliver(none, {
      'x-github-hook-id': String(engine.hookId),
      'x-hub-signature-256': sign(engine.secret, none),
    });
    expect(without.status).toBe(400);
    expect(await storedDeliveries()).toBe(before);
  });

  it('verifies the ping of a hook whose id OpenStake has not stored yet, by its repository', async () => {
    // Connecting stores the repository and its secret before GitHub creates the hook and answers
    // its id; GitHub may ping the hook in between.
    const inProgress = eq(repositories.githubId, docs.githubId);
    await app.ctx.db.update(repositories).set({ webhookId: null }).where(inProgress);
    try {
      const body = JSON.stringify({ zen: 'Keep it simple.', repository: { id: docs.githubId } });
      const ping = (target: Record<string, string>) =>
        deliver(body, {
          'x-github-event': 'ping',
          'x-github-hook-id': String(docs.hookId),
          'x-hub-signature-256': sign(docs.secret, body),
          ...target,
        });
      expect((await ping({})).status).toBe(401);
      const target = {
        'x-github-hook-installation-target-type': 'repository',
        'x-github-hook-installation-target-id': String(docs.githubId),
      };
      const asOrganization = {
        ...target,
        'x-github-hook-installation-target-type': 'organization',
      };
      expect((await ping(asOrganization)).status).toBe(401);
      expect((await ping(target)).status).toBe(202);
    } finally {
      await app.ctx.db.update(repositories).set({ webhookId: docs.hookId }).where(inProgress);
    }
  });

  it("accepts GitHub's own deliveries, the ping on connection included", async () => {
    const pings = sim.deliveries().filter((d) => d.event === 'ping');
    expect(pings.map((d) => [d.hookId, d.status])).toEqual([
      [engine.hookId, 202],
      [docs.hookId, 202],
    ]);
    await new Octokit({
      baseUrl: sim.apiUrl,
      auth: sim.tokenFor('mia-maintainer'),
    }).rest.issues.create({ ...ENGINE, title: 'Delivered through the hook' });
    await sim.idle();
    expect(sim.deliveries().at(-1)).toMatchObject({ event: 'issues', status: 202 });
  });
});

describe('a captured delivery replayed under a fresh delivery id', () => {
  let nia: Account;
  let github: Octokit;
  beforeAll(async () => {
    nia = await createUser(app, 'contributor', { githubUsername: 'newbie-nia' });
    await linkGithub(base, nia, 'newbie-nia');
    github = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
  });

  /** The last delivery of `event` `action` about item `number`, as the simulator sent it. */
  const captured = (event: string, action: string, number: number) =>
    sim
      .deliveries()
      .filter((d) => {
        const payload = d.payload as { issue?: { number: number }; number?: number };
        return (
          d.event === event &&
          d.action === action &&
          (payload.issue?.number ?? payload.number) === number
        );
      })
      .at(-1)!;

  /** Sends the exact signed bytes and headers again, as an eavesdropper could. */
  const replay = async (delivery: ReturnType<typeof captured>) => {
    const res = await deliver(delivery.body, {
      ...delivery.requestHeaders,
      'x-github-delivery': randomUUID(),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it("an old 'reopened' does not reopen an issue closed since", async () => {
    const issue = await stakeWorld(app, sim).createIssue({ title: 'Replayed reopen' });
    const ref = { ...ENGINE, issue_number: issue.number };
    const state = async () =>
      (
        await app.ctx.db
          .select({ state: trackedIssues.state })
          .from(trackedIssues)
          .where(eq(trackedIssues.githubId, issue.githubId))
      )[0]!.state;
    await github.rest.issues.update({ ...ref, state: 'closed' });
    await sim.idle();
    await github.rest.issues.update({ ...ref, state: 'open' });
    await sim.idle();
    expect(await state()).toBe('open');
    // A comment changes the issue, so the next close is not byte-identical to the first.
    await github.rest.issues.createComment({ ...ref, body: 'Closing again.' });
    await github.rest.issues.update({ ...ref, state: 'closed' });
    await sim.idle();
    expect(await state()).toBe('closed');

    const before = await storedDeliveries();
    const reopened = captured('issues', 'reopened', issue.number);
    expect(reopened.status).toBe(202);
    expect(await replay(reopened)).toEqual({
      status: 200,
      body: { success: true, duplicate: true },
    });
    expect(await state()).toBe('closed');
    expect(await storedDeliveries()).toBe(before);
  });

  it("an old 'closed' does not settle the stake placed after the pull request was reopened", async () => {
    const world = stakeWorld(app, sim);
    const issue = await world.createIssue({ title: 'Replayed close' });
    const pr = await world.openPullRequest('newbie-nia', issue.number);
    const stake = async () => {
      const res = await app.server.inject({
        method: 'POST',
        url: '/api/contributor/stakes',
        headers: { cookie: nia.cookie },
        payload: { issueId: issue.githubId, prUrl: pr.url, amount: issue.stakingRequired },
      });
      expect(res.statusCode).toBe(201);
      return res.json<{ data: { _id: string } }>().data._id;
    };
    const statusOf = async (id: string) =>
      (await app.ctx.db.select().from(stakes).where(eq(stakes.id, id)))[0]!.status;

    const first = await stake();
    await sim.closePullRequest({ ...ENGINE, number: pr.number, by: 'mia-maintainer' });
    expect(await statusOf(first)).toBe('expired');
    await github.rest.pulls.update({ ...ENGINE, pull_number: pr.number, state: 'open' });
    await sim.idle();
    const second = await stake();
    const coins = await getBalance(app.ctx.db, walletOf(nia.user.id));

    const closed = captured('pull_request', 'closed', pr.number);
    expect(closed.status).toBe(202);
    expect(await replay(closed)).toEqual({
      status: 200,
      body: { success: true, duplicate: true },
    });
    expect(await statusOf(second)).toBe('pending');
    expect(await getBalance(app.ctx.db, walletOf(nia.user.id))).toBe(coins);
  });

  it('a redelivery by GitHub (the same delivery id) is still acknowledged once', async () => {
    const issue = await stakeWorld(app, sim).createIssue({ title: 'Redelivered' });
    await sim.idle(); // GitHub answers the REST call first and delivers after
    const opened = captured('issues', 'opened', issue.number);
    const before = await storedDeliveries();
    const again = await deliver(opened.body, opened.requestHeaders);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ success: true, duplicate: true });
    expect(await storedDeliveries()).toBe(before);
  });
});

describe('NUL characters in GitHub text', () => {
  it('records deliveries whose text holds U+0000 (which PostgreSQL refuses), keeping it without', async () => {
    const issue = await stakeWorld(app, sim).createIssue({ title: 'A parser with NULs' });
    const pr = await sim.openPullRequest({
      ...ENGINE,
      author: 'prolific-pat',
      title: 'Fix\u0000 the parser',
      body: `Fixes #${String(issue.number)}\u0000`,
    });
    // A stake waits on it, so its closing is kept with the body the settlement reads.
    await patStakes(issue, pr.html_url);
    const github = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('prolific-pat') });
    await github.rest.issues.createComment({
      ...ENGINE,
      issue_number: pr.number,
      body: 'NUL\u0000here',
    });
    await github.rest.pulls.update({ ...ENGINE, pull_number: pr.number, state: 'closed' });
    await sim.idle();
    const sent = sim.deliveries().slice(-3);
    expect(sent.map((d) => [d.event, d.action, d.status])).toEqual([
      ['pull_request', 'opened', 202],
      ['issue_comment', 'created', 202],
      ['pull_request', 'closed', 202],
    ]);
    expect(sent.every((d) => d.body.includes('\\u0000'))).toBe(true);
    const stored = await app.ctx.db
      .select({ id: githubDeliveries.deliveryId, payload: githubDeliveries.payload })
      .from(githubDeliveries)
      .where(
        inArray(
          githubDeliveries.deliveryId,
          sent.map((d) => d.id),
        ),
      );
    expect(stored).toHaveLength(3);
    // What settlement reads of the closed pull request: its body, without the NUL.
    const closed = stored.find((row) => row.id === sent[2]!.id)!.payload as {
      pull_request: { body: string };
    };
    expect(closed.pull_request.body).toBe(`Fixes #${String(issue.number)}`);
  });
});

describe('a closed pull request leaves work for after the answer only when a stake waits on it', () => {
  /** Receives a signed `closed` delivery about pull request `number` of ENGINE. */
  const receiveClosed = async (number: number) => {
    const deliveryId = randomUUID();
    const body = Buffer.from(
      JSON.stringify({
        action: 'closed',
        number,
        repository: { id: engine.githubId },
        pull_request: { number, state: 'closed', merged: false, user: { login: 'prolific-pat' } },
      }),
    );
    const received = await receiveGithubWebhook(
      {
        rawBody: body,
        signature: sign(engine.secret, body),
        deliveryId,
        event: 'pull_request',
        hookId: engine.hookId,
        targetType: 'repository',
        targetId: engine.githubId,
      },
      app.ctx,
    );
    const [row] = await app.ctx.db
      .select({ processedAt: githubDeliveries.processedAt, payload: githubDeliveries.payload })
      .from(githubDeliveries)
      .where(eq(githubDeliveries.deliveryId, deliveryId));
    return {
      settles: received.settles,
      handled: row!.processedAt !== null,
      keptBody: 'pull_request' in (row!.payload as object),
    };
  };

  it('nobody staked on it: recorded as handled as it arrives, without its body', async () => {
    const world = stakeWorld(app, sim);
    const issue = await world.createIssue({ title: 'Closed without a stake' });
    const pr = await world.openPullRequest('prolific-pat', issue.number);
    expect(await receiveClosed(pr.number)).toEqual({
      settles: false,
      handled: true,
      keptBody: false,
    });
  });

  it('a stake waits on it: left for the settlement, which settles it', async () => {
    const world = stakeWorld(app, sim);
    const issue = await world.createIssue({ title: 'Closed with a stake' });
    const pr = await world.openPullRequest('prolific-pat', issue.number);
    const stakeId = await patStakes(issue, pr.url);
    expect(await receiveClosed(pr.number)).toEqual({
      settles: true,
      handled: false,
      keptBody: true,
    });
    await dispatchGithubEvents(app.ctx);
    const [stake] = await app.ctx.db.select().from(stakes).where(eq(stakes.id, stakeId));
    expect(stake!.status).not.toBe('pending');
  });
});
