/** The query keys of the signed-in account's notification switches. */
export const notificationsKeys = {
  settings: ['notifications', 'settings'] as const,
};
