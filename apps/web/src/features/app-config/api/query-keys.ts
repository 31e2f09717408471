/** The query keys of the app's configuration (GET /api/config). */
export const appConfigKeys = {
  all: ['app-config'] as const,
};
