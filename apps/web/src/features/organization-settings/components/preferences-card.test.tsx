import { NOTIFICATIONS } from '@openstake/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { organizationSettingsKeys } from '../api/query-keys';
import { PREFERENCES_IN_EFFECT, PreferencesCard } from './preferences-card';

describe('PreferencesCard', () => {
  it('shows the saved switches, says where the emails go and that auto-review does nothing yet', () => {
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
    // The mail switches act now; only auto-review is kept for later, and the card says so.
    expect(html).toContain(PREFERENCES_IN_EFFECT);
    expect(PREFERENCES_IN_EFFECT).toContain('confirmed address');
    expect(PREFERENCES_IN_EFFECT).toMatch(/Auto-review new repositories does nothing yet/);
    expect(PREFERENCES_IN_EFFECT).not.toMatch(/no email|no report/);
    // Each mail switch is described as the notification it is.
    expect(html).toContain(NOTIFICATIONS['stake-awaiting-review'].description);
    expect(html).toContain(NOTIFICATIONS['weekly-report'].description);
  });
});
