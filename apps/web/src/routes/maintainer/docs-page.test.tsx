import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { AppConfig } from '@/features/app-config/api/app-config';
import { appConfigKeys } from '@/features/app-config/api/query-keys';
import { GITHUB_APP_DOCS_PATH } from '@/features/maintainer-repositories/components/app-connection-settings';
import { headingOrderProblems, headingOutline } from '@/test/heading-order';
import { DocsPage } from './docs-page';

const INSTALL_URL = 'https://github.com/apps/openstake/installations/new';

function render(githubApp: AppConfig['githubApp'] = null): string {
  vi.stubGlobal('location', { origin: 'https://openstake.test' });
  const client = new QueryClient();
  client.setQueryData<AppConfig>(appConfigKeys.all, {
    demoMode: false,
    githubWebUrl: 'https://github.com',
    escrowAddress: null,
    githubApp,
  });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/maintainer/docs']}>
        <DocsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The GitHub App section's markup. */
const githubAppSection = (html: string) =>
  /<div[^>]*data-testid="github-app-guide"[^>]*>.*?(?=<div[^>]*data-testid="automation-workflow")/s.exec(
    html,
  )?.[0] ?? '';

describe('DocsPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has the search box, six categories with typed items and the static stats', () => {
    const html = render();
    expect(html).toContain('placeholder="Search documentation..."');
    expect(html.match(/data-testid="doc-category"/g)).toHaveLength(6);
    expect(html).toContain('min read');
    expect(html).toContain('Tutorial');
    expect(html).toContain('Guide');
    expect(html).toContain('Reference');
    expect(html).toContain('50+ Articles');
    expect(html).toContain('15+ Tutorials');
    expect(html).not.toContain('No results found');
  });

  it('shows the automation workflow for this server with its set-up steps', () => {
    const html = render();
    expect(html).toContain('Copy YAML');
    expect(html).toContain('https://openstake.test/api/maintainer/issue-comment');
    expect(html).toContain('secrets.OPENSTAKE_API_KEY');
    expect(html).toContain('.github/workflows/openstake.yml');
    expect(html).toContain('href="/maintainer/org-settings/api-keys"');
  });

  it('documents the GitHub App: installing, the status check, /stake, /unstake, /bounty and settlement comments', () => {
    const section = githubAppSection(render());
    // The repository list's 'How the app works' lands here.
    expect(section).toContain(`id="${GITHUB_APP_DOCS_PATH.split('#')[1] ?? ''}"`);
    expect(headingOutline(section)).toEqual([
      'h2 GitHub App',
      'h3 Install the app to connect repositories',
      'h3 The openstake/stake status check',
      'h3 Stake from a comment: /stake',
      'h3 Settlement comments',
      'h3 Withdraw a stake: /unstake',
      'h3 Post a bounty from a comment: /bounty 50',
    ]);
    // Making the check required on GitHub.
    expect(section).toContain('Settings → Branches');
    expect(section).toContain('Require status checks to pass before merging');
    // Both forms of the command, as typed in a comment.
    expect(section).toContain('<code>/stake</code></pre>');
    expect(section).toContain('<code>/stake #12</code></pre>');
    // The bot's refusals, as it words them.
    for (const reply of [
      'No OpenStake account has connected this GitHub account. Sign up at https://openstake.test/signUp',
      'Only the pull request&#x27;s author, @ada, can stake on it.',
      'You already have an active stake on this issue',
      'Staking on #12 takes 5 coins; your OpenStake wallet has 3.',
    ]) {
      expect(section).toContain(reply);
    }
    // Settlement comments and where they are turned off.
    expect(section).toContain('Bot comments on settled stakes');
    expect(section).toContain('href="/maintainer/dashboard"');
    // /unstake and /bounty, with their rules.
    expect(section).toContain('/unstake #12');
    expect(section).toContain('as long as nobody who can push to the repository has reviewed');
    expect(section).toContain('/bounty 50');
    expect(section).toContain('a bounty already on the issue');
  });

  it("links to the app's installation page when this server runs the app, else says there is none", () => {
    const withApp = githubAppSection(render({ slug: 'openstake', installUrl: INSTALL_URL }));
    expect(withApp).toMatch(
      new RegExp(
        `<a href="${INSTALL_URL}" target="_blank" rel="noopener noreferrer"[^>]*>.*?Install the GitHub App`,
      ),
    );
    const without = githubAppSection(render());
    expect(without).not.toContain(INSTALL_URL);
    expect(without).toContain('This OpenStake server has no GitHub App set up');
  });

  it('keeps its headings in order', () => {
    expect(headingOrderProblems(headingOutline(render()))).toEqual([]);
  });

  it('offers quick links and help', () => {
    const html = render();
    expect(html).toContain('Quick Links');
    expect(html).toContain('Need Help?');
    expect(html).toContain('href="/maintainer/support#faq"');
    expect(html).toMatch(/href="\/maintainer\/support"[^>]*>Contact Support/);
    expect(html).toMatch(/href="\/api\/docs" target="_blank" rel="noopener noreferrer"/);
  });
});
