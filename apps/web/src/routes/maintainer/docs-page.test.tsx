import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DocsPage } from './docs-page';

function render(): string {
  vi.stubGlobal('location', { origin: 'https://openstake.test' });
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={['/maintainer/docs']}>
      <DocsPage />
    </MemoryRouter>,
  );
}

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

  it('offers quick links and help', () => {
    const html = render();
    expect(html).toContain('Quick Links');
    expect(html).toContain('Need Help?');
    expect(html).toContain('href="/maintainer/support#faq"');
    expect(html).toMatch(/href="\/maintainer\/support"[^>]*>Contact Support/);
    expect(html).toMatch(/href="\/api\/docs" target="_blank" rel="noopener noreferrer"/);
  });
});
