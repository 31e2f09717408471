import type { MaintainerPreferences } from '@openstake/core';

/** The General tab's switches; their defaults (on, on, off) are the server's. */
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
    description: 'Get an email when a stake or a bounty on your repositories needs you.',
  },
  {
    key: 'weeklyReports',
    label: 'Weekly reports',
    description: 'A weekly summary of issues, stakes and merged pull requests.',
  },
];
