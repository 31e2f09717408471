import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { organizationSettingsKeys } from '../api/query-keys';
import { PREFERENCES_NOT_ACTED_ON, PreferencesCard } from './preferences-card';

describe('PreferencesCard', () => {
  it('shows the saved switches and says that nothing acts on them yet', () => {
    const client = new QueryClient();
    client.setQueryData(organizationSettingsKeys.preferences, {
      autoReviewNewRepositories: true,
      emailNotifications: false,
      weeklyReports: true,
    });
    const html = renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <PreferencesCard />
      </QueryClientProvider>,
    );
    expect(html).toContain('Email notifications');
    expect(html).toContain('Weekly reports');
    // No email is promised as if one were sent.
    expect(html).toContain(PREFERENCES_NOT_ACTED_ON);
    expect(PREFERENCES_NOT_ACTED_ON).toMatch(/sends no email/);
  });
});
