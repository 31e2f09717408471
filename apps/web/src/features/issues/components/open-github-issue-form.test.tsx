import type { AppConfig } from '@openstake/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { appConfigKeys } from '@/features/app-config/api/query-keys';
import { OpenGithubIssueForm } from './open-github-issue-form';

function render(config: AppConfig | undefined): string {
  const queryClient = new QueryClient();
  if (config) queryClient.setQueryData(appConfigKeys.all, config);
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(MemoryRouter, null, createElement(OpenGithubIssueForm)),
    ),
  );
}

describe('OpenGithubIssueForm', () => {
  it("suggests an address on the configured GitHub: the simulator's in demo mode", () => {
    const html = render({ demoMode: true, githubWebUrl: 'http://127.0.0.1:4010/' });
    expect(html).toContain('placeholder="http://127.0.0.1:4010/owner/repo/issues/123"');
    expect(html).not.toContain('github.com');
  });

  it('suggests a github.com address with real GitHub, or before the configuration is known', () => {
    const real = render({ demoMode: false, githubWebUrl: 'https://github.com' });
    expect(real).toContain('placeholder="https://github.com/owner/repo/issues/123"');
    expect(render(undefined)).toContain('placeholder="https://github.com/owner/repo/issues/123"');
  });
});
