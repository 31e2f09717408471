import { describe, expect, it } from 'vitest';
import { signInAsDemoMaintainer, signInWithGithubAs } from './helpers/accounts';
import { baseUrl, numberIn, useBrowser } from './helpers/browser';
import { simControl } from './helpers/github-sim';

const browser = useBrowser();
// Connected at the demo's first start by its maintainer lena-pythonista with a repository webhook;
// installing OpenStake's GitHub App on it moves it to app mode. devon-docs is one of the demo's
// linked contributors (no end-to-end test signs up as them) and cannot push to data-harbor.
const ORG = 'data-harbor';
const REPO = 'etl-workbench';
const MAINTAINER = 'lena-pythonista';
const CONTRIBUTOR = 'devon-docs';
const BOT = 'openstake[bot]';

interface Comment {
  body: string;
  user: { login: string };
}

/** Polls `read` until `ready` holds (as a person watching GitHub would), at most 20 s. */
async function until<T>(read: () => Promise<T>, ready: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (ready(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`gave up waiting; last seen ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** GitHub's REST API on the simulator, as `login`. */
async function githubAs(simOrigin: string, login: string) {
  const { token } = await simControl<{ token: string }>(simOrigin, '/tokens', { login });
  const call = async <T>(method: string, path: string, body?: object): Promise<T> => {
    const res = await fetch(`${simOrigin}/api/v3${path}`, {
      method,
      headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(res.ok, `${method} ${path}: ${String(res.status)}`).toBe(true);
    return (await res.json()) as T;
  };
  return call;
}

const comment = (simOrigin: string, number: number, author: string, body: string) =>
  simControl(simOrigin, `/repos/${ORG}/${REPO}/issues/${String(number)}/comments`, {
    author,
    body,
  });

describe('GitHub-native, end to end', () => {
  it('/bounty by the maintainer, /stake by the contributor, the status turns green, and the merge is told and paid', async () => {
    const config = (await (await fetch(`${baseUrl()}/api/config`)).json()) as {
      data: { githubWebUrl: string; githubApp: { slug: string } | null };
    };
    const simOrigin = config.data.githubWebUrl;
    expect(config.data.githubApp?.slug).toBe('openstake');

    // The maintainer installs the app on the repository; OpenStake connects it through the app.
    const maintainerPage = await browser.newPage();
    await signInAsDemoMaintainer(maintainerPage, MAINTAINER);
    await simControl(simOrigin, '/apps/openstake/installations', {
      account: ORG,
      repositories: [REPO],
      by: MAINTAINER,
    });
    await until(
      async () => {
        const res = await maintainerPage.request.get('/api/maintainer/github/repositories');
        const { data } = (await res.json()) as {
          data: { full_name: string; connection: { viaApp: boolean } | null }[];
        };
        return data.find((r) => r.full_name === `${ORG}/${REPO}`)?.connection?.viaApp;
      },
      (viaApp) => viaApp === true,
    );

    // An issue on GitHub, and `/bounty 40` on it: the bot answers.
    const asMaintainer = await githubAs(simOrigin, MAINTAINER);
    const issue = await asMaintainer<{ number: number }>('POST', `/repos/${ORG}/${REPO}/issues`, {
      title: 'Stream large CSV files without loading them whole',
    });
    await comment(simOrigin, issue.number, MAINTAINER, '/bounty 40');
    const comments = (number: number) =>
      asMaintainer<Comment[]>('GET', `/repos/${ORG}/${REPO}/issues/${String(number)}/comments`);
    const botSaid = async (number: number) =>
      (await comments(number)).filter((c) => c.user.login === BOT).map((c) => c.body);
    const [posted] = await until(
      () => botSaid(issue.number),
      (said) => said.length > 0,
    );
    expect(posted).toMatch(
      /^@lena-pythonista posted a bounty of 40 coins \(fee 2\)\. Stake \d+ coins/,
    );

    // The contributor signs in, notes their coins, and opens a pull request that fixes it.
    const page = await browser.newPage();
    await signInWithGithubAs(page, CONTRIBUTOR, 'contributor');
    const coins = async () => {
      await page.getByTestId('stat-coins').getByText(/\d/).first().waitFor();
      return numberIn(await page.getByTestId('stat-coins').textContent());
    };
    const coinsBefore = await coins();
    const pr = await simControl<{ number: number; head: { sha: string } }>(
      simOrigin,
      `/repos/${ORG}/${REPO}/pulls`,
      { author: CONTRIBUTOR, title: 'Stream CSV files', body: `Fixes #${String(issue.number)}` },
    );
    const stakeStatus = async () => {
      const combined = await asMaintainer<{
        statuses: { context: string; state: string; description: string }[];
      }>('GET', `/repos/${ORG}/${REPO}/commits/${pr.head.sha}/status`);
      return combined.statuses.find((s) => s.context === 'openstake/stake');
    };
    const pending = await until(stakeStatus, (status) => status !== undefined);
    expect(pending).toMatchObject({ state: 'pending' });
    // A bounty issue's pull request says why it waits (decision 015, part 5).
    expect(pending?.description).toBe(
      "No stake yet: stake on OpenStake to enter this bounty's queue",
    );

    // `/stake` on the pull request: staked, answered, and the status turns green.
    await comment(simOrigin, pr.number, CONTRIBUTOR, '/stake');
    const green = await until(stakeStatus, (status) => status?.state === 'success');
    const staked = Number(/^Staked (\d+) coins/.exec(green?.description ?? '')?.[1]);
    expect(green?.description).toBe(`Staked ${String(staked)} coins on #${String(issue.number)}`);
    // Their price, and why when it is not the issue's stake (decision 015).
    expect((await botSaid(pr.number))[0]).toMatch(
      new RegExp(
        `^@${CONTRIBUTOR} staked ${String(staked)} coins on #${String(issue.number)}( \\(.+\\))?\\.`,
      ),
    );

    // The maintainer merges on GitHub: the bot tells the payout on the pull request.
    await simControl(simOrigin, `/repos/${ORG}/${REPO}/pulls/${String(pr.number)}/merge`, {
      by: MAINTAINER,
    });
    const told = await until(
      async () => (await botSaid(pr.number)).find((body) => body.includes('**Merged.**')),
      (body) => body !== undefined,
    );
    expect(told).toContain(`@${CONTRIBUTOR}'s stake of ${String(staked)} coins`);
    expect(told).toContain('The bounty of 40 coins is paid.');
    const earned = Number(/came back with (\d+) coins earned/.exec(told ?? '')?.[1]);

    // The contributor's dashboard shows the coins: the stake back, the reward and the bounty.
    expect(earned).toBeGreaterThanOrEqual(40);
    await page.reload();
    expect(await coins()).toBe(coinsBefore + earned);
  });
});
