import { defineConfig } from 'vitest/config';

// Database-backed server tests run once per engine: always on embedded PGlite, and a second time
// on a PostgreSQL server when TEST_DATABASE_URL is set (CI sets it). Races only show on PostgreSQL.
const serverProject = (engine: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `server:${engine}`,
    include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
    // *.pg.test.ts prove what only a real PostgreSQL server can show (several servers, races).
    exclude:
      engine === 'pglite' ? ['**/*.pg.test.ts', '**/node_modules/**'] : ['**/node_modules/**'],
    environment: 'node',
    globalSetup: ['apps/server/test/global-setup.ts'],
    setupFiles: ['apps/server/test/setup.ts'],
    provide: { dbEngine: engine },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          environment: 'node',
          // An unexpected console.error fails the test (apps/web/src/test/console-errors.ts).
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
        // `@/` is apps/web/src, as apps/web/tsconfig.json's `paths` says (and Vite reads there).
        resolve: { tsconfigPaths: true },
      },
      {
        extends: true,
        test: {
          // Solidity contracts on an in-process EVM (@ethereumjs/vm); solc-js compiles offline.
          name: 'contracts',
          include: ['contracts/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'github-sim',
          include: ['tools/github-sim/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
