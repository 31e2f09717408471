import { describe, expect, it } from 'vitest';
import { signUpAndLinkGithub } from './helpers/accounts';
import { expectBrowserErrors, failedRequest, holdRequests, useBrowser } from './helpers/browser';

const browser = useBrowser();
// ruby-raj links only here (a GitHub account links to one OpenStake user, and e2e files share
// one server); mia-maintainer administers the repository.
const REPO = 'openstake-labs/stake-engine';
/** The app's own code, which a page the server rendered asks for once painted. */
const APP_CHUNK = /\/assets\/index-[^/]*\.js$/;

/** A new issue on the simulated GitHub that OpenStake has never seen. */
async function createIssueOnGithub(simOrigin: string, title: string) {
  const tokenRes = await fetch(`${simOrigin}/_sim/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'mia-maintainer' }),
  });
  const { token } = (await tokenRes.json()) as { token: string };
  const res = await fetch(`${simOrigin}/api/v3/repos/${REPO}/issues`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `token ${token}` },
    body: JSON.stringify({ title }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; number: number; html_url: string };
}

describe('links to GitHub issues', () => {
  it('a link by repository and number, or a pasted address, opens an issue OpenStake never showed', async () => {
    const page = await browser.newPage();
    const simOrigin = await signUpAndLinkGithub(page, 'contributor', 'ruby-raj');
    const issue = await createIssueOnGithub(simOrigin, 'Explain deep links');

    await page.goto(`/contributor/issue/${REPO}/${issue.number}`);
    await page.waitForURL(`**/contributor/issue/${issue.id}`);
    await page.getByRole('heading', { name: 'Explain deep links' }).waitFor();
    await page.getByRole('button', { name: 'Stake & Start Working' }).waitFor();

    // The same issue from its GitHub address pasted on the dashboard.
    await page.goto('/contributor/dashboard?tab=issues');
    await page.getByLabel('Open a GitHub issue').fill(issue.html_url);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.waitForURL(`**/contributor/issue/${issue.id}`);
    await page.getByRole('heading', { name: 'Explain deep links' }).waitFor();

    // The same, pasted into the dashboard the server rendered before its app had loaded.
    const { release } = await holdRequests(page, APP_CHUNK);
    await page.goto('/contributor/dashboard?tab=issues', { waitUntil: 'commit' });
    await page.getByLabel('Open a GitHub issue').fill(issue.html_url);
    const open = page.getByRole('button', { name: 'Open', exact: true });
    expect(await open.isDisabled()).toBe(true);
    release();
    await expect.poll(() => open.isEnabled()).toBe(true);
    await open.click();
    await page.waitForURL(`**/contributor/issue/${issue.id}`);
    await page.unroute(APP_CHUNK);

    // An issue GitHub does not have.
    expectBrowserErrors(failedRequest(404, /\/issues\/999999$/));
    await page.goto(`/contributor/issue/${REPO}/999999`);
    await page.getByRole('heading', { name: 'Issue Not Found' }).waitFor();
    await page.getByText("The issue you're looking for doesn't exist.").waitFor();
  });
});
