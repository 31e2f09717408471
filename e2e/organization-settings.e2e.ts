import { describe, expect, it } from 'vitest';
import { signInAsDemoMaintainer, signUpWithApi } from './helpers/accounts';
import { baseUrl, expectBrowserErrors, failedRequest, toast, useBrowser } from './helpers/browser';

const browser = useBrowser();
// lena-pythonista administers the data-harbor organization on the simulator and is one of the
// demo's maintainers (seeded at the server's first start); no other e2e file signs in as her or
// touches the organization's settings.
const ORG = 'data-harbor';
const REPO = 'stream-pipe';
const OTHER_REPO = 'tabular';
const GUIDANCE_MARKER = '<!-- openstake-guidance -->';

interface SimIssue {
  number: number;
  html_url: string;
  title: string;
  pull_request?: unknown;
}
interface SimComment {
  body: string;
  user: { login: string };
}

/** GET on the simulator's REST API (anonymous, as for any public repository). */
async function simGet<T>(simOrigin: string, path: string): Promise<T> {
  const res = await fetch(`${simOrigin}/api/v3${path}`, {
    headers: { accept: 'application/vnd.github+json' },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** The automation workflow's call: plain HTTP, no cookies, the API key as bearer. */
const postIssueComment = (key: string, body: object) =>
  fetch(`${baseUrl()}/api/maintainer/issue-comment`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('organization settings and the automation workflow, end to end', () => {
  it('saves a context, creates an API key that the workflow uses to comment on an issue, and deletes it', async () => {
    const page = await browser.newPage();
    await browser
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const simOrigin = await signInAsDemoMaintainer(page, 'lena-pythonista');
    const readClipboard = () => page.evaluate(() => navigator.clipboard.readText());

    // General: the organization's repositories, two of them selected.
    await page.goto('/maintainer/org-settings/config');
    await page.getByRole('heading', { name: 'Organization Settings' }).waitFor();
    await page.getByRole('textbox', { name: 'GitHub username or organization' }).fill(ORG);
    // The organization has no saved context yet: that read answers 404.
    expectBrowserErrors(failedRequest(404, `/api/maintainer/organizations/${ORG}/context`));
    await page.getByRole('button', { name: 'Fetch Repositories' }).click();
    await page.getByRole('heading', { name: `Repositories of ${ORG}` }).waitFor();
    const search = page.getByRole('searchbox', { name: 'Search repositories' });
    await search.fill(REPO);
    await page.getByRole('checkbox', { name: `${ORG}/${REPO}` }).click();
    expect(await page.getByRole('checkbox', { name: `${ORG}/${OTHER_REPO}` }).count()).toBe(0);
    await search.fill(OTHER_REPO);
    await page.getByRole('checkbox', { name: `${ORG}/${OTHER_REPO}` }).click();
    await search.fill('');
    expect(
      await page.getByRole('checkbox', { name: `${ORG}/${REPO}` }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(
      await page
        .getByRole('checkbox', { name: `${ORG}/${OTHER_REPO}` })
        .getAttribute('aria-checked'),
    ).toBe('true');
    await page.getByText('2 selected (up to 20)').waitFor();

    // Generate Context: the context names the selected repositories; the list and search go away.
    await page.getByRole('button', { name: 'Generate Context' }).click();
    const context = page.getByTestId('organization-context');
    await context.waitFor();
    const contextText = (await context.textContent()) ?? '';
    expect(contextText).toContain(`${ORG}/${REPO}`);
    expect(contextText).toContain(`${ORG}/${OTHER_REPO}`);
    await search.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Create API Key' }).count()).toBe(0);

    // Save Context reveals the Create API Key card.
    await page.getByRole('button', { name: 'Save Context' }).click();
    await toast(page, 'Context saved');
    await page.getByRole('status').filter({ hasText: 'Context saved' }).waitFor();
    const saved = await page.request.get(`/api/maintainer/organizations/${ORG}/context`);
    expect(saved.status()).toBe(200);
    expect(((await saved.json()) as { data: { context: string } }).data.context).toBe(contextText);

    // An API key named CI, shown in full this once, and copied.
    await page.getByRole('textbox', { name: 'Key name (optional)' }).fill('CI');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await toast(page, 'API key created');
    const secretKey = (
      (await page.getByTestId('created-api-key-secret').textContent()) ?? ''
    ).trim();
    expect(secretKey).toMatch(/^osk_[0-9a-z]{32}$/);
    await page.getByTestId('created-api-key').getByText('Copy your new key “CI” now').waitFor();
    await page.getByTestId('created-api-key').getByRole('button', { name: 'Copy' }).click();
    await page.getByTestId('created-api-key').getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await readClipboard()).toBe(secretKey);

    // API Keys: the key is listed masked, never used; only this page's memory can reveal it.
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await page.waitForURL('**/maintainer/org-settings/api-keys');
    await page.getByRole('heading', { name: `Keys for ${ORG}` }).waitFor();
    const keyRow = page.getByTestId('api-key').filter({ hasText: 'CI' });
    const masked = keyRow.getByLabel('API key CI, masked');
    await masked.waitFor();
    const maskedText = ((await masked.textContent()) ?? '').trim();
    expect(maskedText).not.toBe('');
    expect(maskedText).not.toContain(secretKey);
    expect(await page.getByTestId('api-key').count()).toBe(1);
    const lastUsed = keyRow.locator('dl > div').filter({ hasText: 'Last used:' });
    expect((await lastUsed.locator('dd').textContent())?.trim()).toBe('Never');
    await keyRow.getByRole('button', { name: 'Show key CI' }).click();
    expect(
      ((await keyRow.getByLabel('API key CI', { exact: true }).textContent()) ?? '').trim(),
    ).toBe(secretKey);
    await keyRow.getByRole('button', { name: 'Hide key CI' }).click();
    await masked.waitFor();

    // The workflow's call for a real open issue of the repository, before any guidance on it.
    const issues = await simGet<SimIssue[]>(
      simOrigin,
      `/repos/${ORG}/${REPO}/issues?state=open&per_page=100`,
    );
    const issue = issues.find((i) => !i.pull_request);
    expect(issue).toBeDefined();
    if (!issue) return;
    const commentsPath = `/repos/${ORG}/${REPO}/issues/${issue.number}/comments?per_page=100`;
    const before = await simGet<SimComment[]>(simOrigin, commentsPath);
    expect(before.some((c) => c.body.startsWith(GUIDANCE_MARKER))).toBe(false);
    const call = {
      issue_number: issue.number,
      repo: REPO,
      org: ORG,
      issue_url: issue.html_url,
    };
    const answered = await postIssueComment(secretKey, call);
    expect(answered.status).toBe(200);
    const result = (await answered.json()) as {
      success: boolean;
      data: { commentUrl: string; stakeAmount: number; bountyAmount: number };
    };
    expect(result.success).toBe(true);
    expect(result.data.bountyAmount).toBe(0);

    // The comment is on the issue on the simulator, written as the key's maintainer.
    const after = await simGet<SimComment[]>(simOrigin, commentsPath);
    expect(after).toHaveLength(before.length + 1);
    const guidance = after.filter((c) => c.body.startsWith(GUIDANCE_MARKER));
    expect(guidance).toHaveLength(1);
    expect(guidance[0]?.user.login).toBe('lena-pythonista');
    expect(guidance[0]?.body).toContain('### OpenStake guidance');
    expect(guidance[0]?.body).toContain(`${result.data.stakeAmount} coin`);

    // After a reload the key is masked with no way to reveal it, and it has been used.
    await page.reload();
    await page.getByRole('heading', { name: `Keys for ${ORG}` }).waitFor();
    await masked.waitFor();
    expect(((await masked.textContent()) ?? '').trim()).toBe(maskedText);
    await keyRow.getByText('The full key was shown only once, at creation.').waitFor();
    expect(await keyRow.getByRole('button', { name: 'Show key CI' }).count()).toBe(0);
    const usedAt = lastUsed.locator('time');
    await usedAt.waitFor();
    expect((await lastUsed.locator('dd').textContent())?.trim()).not.toBe('Never');
    const usedIso = (await usedAt.getAttribute('datetime')) ?? '';
    expect(Math.abs(Date.now() - Date.parse(usedIso))).toBeLessThan(5 * 60_000);
    expect((await usedAt.textContent())?.trim()).toBe(
      await page.evaluate(
        (iso) =>
          new Date(iso).toLocaleDateString('en-US', {
            year: 'numeric',
            month: 'short',
            day: 'numeric',
          }),
        usedIso,
      ),
    );

    // Delete the key (after confirming): the workflow's call is refused from then on.
    await keyRow.getByRole('button', { name: 'Delete key CI' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Delete “CI”?').waitFor();
    await dialog.getByRole('button', { name: 'Delete key' }).click();
    await toast(page, 'API key deleted');
    await page.getByText('No keys for this org.').waitFor();
    expect(await page.getByTestId('api-key').count()).toBe(0);
    const refused = await postIssueComment(secretKey, call);
    expect(refused.status).toBe(401);
    expect(await simGet<SimComment[]>(simOrigin, commentsPath)).toHaveLength(after.length);
  });

  it('shows the workflow YAML that calls this server, and copies it', async () => {
    const page = await browser.newPage();
    await browser
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await signUpWithApi(page, 'maintainer', 'docs-reader');

    await page.goto('/maintainer/docs');
    const workflow = page.getByRole('region', {
      name: 'Workflow file .github/workflows/openstake.yml',
    });
    await workflow.waitFor();
    const yaml = (await workflow.textContent()) ?? '';
    expect(yaml).toContain(`"${baseUrl()}/api/maintainer/issue-comment"`);
    expect(yaml).toContain('Authorization: Bearer $OPENSTAKE_API_KEY');
    expect(yaml).toContain('OPENSTAKE_API_KEY: ${{ secrets.OPENSTAKE_API_KEY }}');

    await page.getByRole('button', { name: 'Copy YAML' }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(yaml);
    // 'Copied!' lasts 2 seconds.
    await page.getByRole('button', { name: 'Copy YAML' }).waitFor({ timeout: 5_000 });
  });
});
