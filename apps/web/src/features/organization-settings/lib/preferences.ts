import { NOTIFICATIONS, type MaintainerPreferences } from '@openstake/core';

/**
 * The General tab's switches; their defaults (on, on, off) are the server's. The two mail
 * switches are the maintainer's notifications (decision 018), described where they are defined.
 */
export const PREFERENCE_SWITCHES: {
  key: keyof MaintainerPreferences;
  label: string;
  description: string;
}[] = [
  {
    key: 'autoReviewNewRepositories',
    label: 'Auto-review new repositories',
    description: 'Add repositories created in your organizations to the automated review.',
  },
  {
    key: 'emailNotifications',
    label: 'Email notifications',
    description: NOTIFICATIONS['stake-awaiting-review'].description,
  },
  {
    key: 'weeklyReports',
    label: 'Weekly reports',
    description: NOTIFICATIONS['weekly-report'].description,
  },
];
