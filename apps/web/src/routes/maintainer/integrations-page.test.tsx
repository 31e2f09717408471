import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { type GithubAccount } from '@/features/github/api/github-account';
import { IntegrationsPage } from './integrations-page';
import { githubKeys } from '@/features/github/api/query-keys';

function render(account?: GithubAccount): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (account) client.setQueryData(githubKeys.account, account);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/maintainer/integrations']}>
        <IntegrationsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('IntegrationsPage', () => {
  it('shows the six integrations, the locked ones with a disabled Premium Feature button', () => {
    const html = render({ linked: true, login: 'mia-maintainer', linkedAt: null });
    for (const name of ['GitHub', 'GitLab', 'Slack', 'Discord', 'Jira', 'Linear']) {
      expect(html).toContain(name);
    }
    const premium = html.match(/<button[^>]*disabled=""[^>]*>(?:(?!<\/button>).)*Premium Feature/g);
    expect(premium).toHaveLength(5);
    expect(html.match(/aria-label="Locked"/g)).toHaveLength(5);
    expect(html.match(/>Available</g)).toHaveLength(5);
    expect(html).toContain('placeholder="Search integrations..."');
    expect(html).not.toContain('No integrations found matching your search.');
  });

  it('shows GitHub as connected when the account is linked', () => {
    const html = render({ linked: true, login: 'mia-maintainer', linkedAt: null });
    expect(html).toContain('>Connected<');
    expect(html).toContain('Connected as mia-maintainer');
  });

  it('offers to connect GitHub when it is not linked', () => {
    const html = render({ linked: false, login: null, linkedAt: null });
    expect(html).not.toContain('>Connected<');
    expect(html).toContain('>Not connected<');
    expect(html).toContain('href="/api/github/connect?returnTo=%2Fmaintainer%2Fintegrations"');
    expect(html).toContain('Connect GitHub');
  });
});
