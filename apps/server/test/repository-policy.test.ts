import {
  DEFAULT_REPOSITORY_POLICY,
  EXCLUSIVE_WINDOW_MESSAGE,
  MAX_NEWCOMER_STAKES_MESSAGE,
  MAX_OPEN_STAKES_MESSAGE,
  MIN_XP_MESSAGE,
  type MaintainerRepository,
  type RepositoryPolicy,
} from '@openstake/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositories } from '../src/db/schema';
import { connectRepository } from './helpers/connect-repository';
import { createUser, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { REPO, REPO_FULL_NAME } from './helpers/stake-world';
import { buildTestApp, type TestApp } from './helpers/test-app';

/*
 * A connected repository's stake policy (decision 015), as its maintainers set it on the
 * repository's settings route: saved, read back on both lists, bounded, and only by push access.
 */

let app: TestApp;
let mia: Account;
let rita: Account;
const url = `/api/maintainer/repositories/${REPO_FULL_NAME}`;

beforeAll(async () => {
  app = await buildTestApp();
  const base = await listen(app);
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  // rita-reader may read openstake-labs/stake-engine on GitHub, not push.
  rita = await createUser(app, 'maintainer', { githubUsername: 'rita-reader' });
  await linkGithub(base, mia, 'mia-maintainer');
  await linkGithub(base, rita, 'rita-reader');
  await connectRepository(app, base, mia, REPO, { policy: 'defaults' });
});
afterAll(() => app.close());

const patch = (who: Account, payload: object) =>
  app.server.inject({ method: 'PATCH', url, headers: { cookie: who.cookie }, payload });

/** The policy of the repository as each of the maintainer's lists reads it. */
async function policyAsListed(): Promise<{ connected: unknown; github: unknown }> {
  const connected = await app.server.inject({
    url: '/api/maintainer/repositories',
    headers: { cookie: mia.cookie },
  });
  const github = await app.server.inject({
    url: '/api/maintainer/github/repositories',
    headers: { cookie: mia.cookie },
  });
  const onGithub = github
    .json<{ data: MaintainerRepository[] }>()
    .data.find((r) => r.full_name.toLowerCase() === REPO_FULL_NAME);
  return {
    connected: connected
      .json<{ data: { fullName: string }[] }>()
      .data.find((r) => r.fullName === REPO_FULL_NAME),
    github: onGithub?.connection,
  };
}

const policyRow = async () => {
  const [row] = await app.ctx.db
    .select()
    .from(repositories)
    .where(eq(repositories.fullName, REPO_FULL_NAME));
  return row;
};

describe("a repository's stake policy", () => {
  it('starts at the defaults, shown on both lists', async () => {
    const listed = await policyAsListed();
    expect(listed.connected).toMatchObject(DEFAULT_REPOSITORY_POLICY);
    expect(listed.github).toMatchObject(DEFAULT_REPOSITORY_POLICY);
  });

  it.each<[keyof RepositoryPolicy, RepositoryPolicy[keyof RepositoryPolicy]]>([
    ['maxOpenStakesPerContributor', 1],
    ['maxNewcomerStakesPerIssue', 50],
    ['exclusiveWindowDays', 7],
    ['minXp', 1500],
    ['vouchedOnly', true],
    ['allowGenerated', false],
    ['botUnstakedNotice', true],
    ['botCloseDenounced', true],
  ])('saves %s = %s alone, leaves the rest, and reads it back', async (field, value) => {
    const before = await policyRow();
    const res = await patch(mia, { [field]: value });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ fullName: REPO_FULL_NAME, [field]: value });
    const after = await policyRow();
    expect(after).toEqual({ ...before, [field]: value });
    const listed = await policyAsListed();
    expect(listed.connected).toMatchObject({ [field]: value });
    expect(listed.github).toMatchObject({ [field]: value });
  });

  it('saves several at once, and turns the exclusive window off again with null', async () => {
    const res = await patch(mia, {
      deductionPercent: 15,
      exclusiveWindowDays: 30,
      minXp: 0,
      vouchedOnly: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      deductionPercent: 15,
      exclusiveWindowDays: 30,
      minXp: 0,
      vouchedOnly: false,
    });
    const off = await patch(mia, { exclusiveWindowDays: null });
    expect(off.json().data).toMatchObject({ exclusiveWindowDays: null });
    expect(await policyRow()).toMatchObject({ exclusiveWindowDays: null, deductionPercent: 15 });
  });

  it.each([
    [{ maxOpenStakesPerContributor: 0 }, 'maxOpenStakesPerContributor', MAX_OPEN_STAKES_MESSAGE],
    [{ maxOpenStakesPerContributor: 21 }, 'maxOpenStakesPerContributor', MAX_OPEN_STAKES_MESSAGE],
    [{ maxOpenStakesPerContributor: 1.5 }, 'maxOpenStakesPerContributor', MAX_OPEN_STAKES_MESSAGE],
    [{ maxNewcomerStakesPerIssue: 0 }, 'maxNewcomerStakesPerIssue', MAX_NEWCOMER_STAKES_MESSAGE],
    [{ maxNewcomerStakesPerIssue: 51 }, 'maxNewcomerStakesPerIssue', MAX_NEWCOMER_STAKES_MESSAGE],
    [{ exclusiveWindowDays: 0 }, 'exclusiveWindowDays', EXCLUSIVE_WINDOW_MESSAGE],
    [{ exclusiveWindowDays: 31 }, 'exclusiveWindowDays', EXCLUSIVE_WINDOW_MESSAGE],
    [{ minXp: 499 }, 'minXp', MIN_XP_MESSAGE],
    [{ minXp: 6000 }, 'minXp', MIN_XP_MESSAGE],
    [{ vouchedOnly: 'yes' }, 'vouchedOnly', 'Vouched contributors only must be true or false'],
    [
      { allowGenerated: 1 },
      'allowGenerated',
      'Accept AI-generated pull requests must be true or false',
    ],
  ])('refuses %o with its message, changing nothing', async (payload, field, message) => {
    const before = await policyRow();
    const res = await patch(mia, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`${field}: ${message}`);
    expect(await policyRow()).toEqual(before);
  });

  it('refuses a change that names no setting', async () => {
    const res = await patch(mia, { maxOpenStakes: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Send at least one setting to change');
  });

  it('is refused to a maintainer without push access, changing nothing', async () => {
    const before = await policyRow();
    const res = await patch(rita, { maxOpenStakesPerContributor: 20, vouchedOnly: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(`You need push access to ${REPO_FULL_NAME} on GitHub for this`);
    expect(await policyRow()).toEqual(before);
  });

  it('is refused to a contributor', async () => {
    const octo = await createUser(app, 'contributor');
    const res = await patch(octo, { maxOpenStakesPerContributor: 20 });
    expect(res.statusCode).toBe(403);
  });
});
