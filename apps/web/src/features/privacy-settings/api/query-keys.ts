/** The query keys of the contributor's privacy choices. */
export const privacySettingsKeys = {
  privacy: ['contributor', 'privacy'] as const,
};
