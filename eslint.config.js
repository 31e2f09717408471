import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

const noServerCode = {
  // The last pattern catches a relative path (../../../server/src/app) as well.
  group: ['@openstake/server', '**/apps/server/**', '**/server/src/**'],
  message: 'The web app and core must not import server code.',
};

/** The folders directly in a folder of the repository. */
const foldersIn = (folder) =>
  readdirSync(new URL(folder, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// The web app's features (apps/web/src/features/<name>). A feature imports itself, the shared
// tier and the one-way exceptions below, never another feature: what two features share moves
// into the feature that owns it, into the tier, or down into components/ or lib/.
const webFeatures = foldersIn('./apps/web/src/features/');

// Used across the areas: the session and its user, the server's configuration, the GitHub link,
// an issue as every list shows it.
const sharedTier = ['app-config', 'auth', 'github', 'issues'];

// One-way imports outside the tier, each for a reason; the reverse direction stays forbidden.
const featureExceptions = {
  // A connected repository's pull requests are screens of that repository: its paths, its API
  // path and the listed repository's web address come from maintainer-repositories.
  'pull-requests': ['maintainer-repositories'],
  // Staking moves coins and the analysis counts repositories: both refresh the profile's
  // queries, and the stake dialog shows the balance from the dashboard profile.
  stakes: ['contributor-profile'],
  'repository-analysis': ['contributor-profile'],
  // A bounty's chain bounty is paid in from the maintainer's linked wallet: its funding uses the
  // wallet's list, its browser signer and its demo wallet.
  'bounty-issues': ['wallet'],
};

const notAScreen = {
  group: ['**/routes/**', '**/app/**'],
  message: 'Features are used by routes/ and app/, never the other way round.',
};

// The server's module folders (apps/server/src/modules/<name>) and the folders each may import:
// a one-way graph (docs/ARCHITECTURE.md, server modules). A new edge is declared here, and one that
// closes a cycle stops the lint. When a low module needs a high one, pass the facts in or move the
// shared piece down.
const serverModuleImports = {
  ledger: [],
  auth: ['ledger', 'mail'],
  xp: ['ledger'],
  github: ['auth', 'xp'],
  repositories: ['github'],
  vouches: ['github', 'repositories'],
  organizations: ['github'],
  'api-keys': ['organizations'],
  automation: ['api-keys', 'organizations', 'repositories'],
  contributors: ['github', 'ledger'],
  directory: ['github', 'ledger'],
  messages: ['directory', 'mail'],
  wallets: ['github'],
  chain: ['wallets'],
  standing: [],
  issues: ['contributors', 'github', 'repositories', 'standing'],
  bounties: ['chain', 'issues', 'ledger', 'repositories'],
  stakes: [
    'bounties',
    'chain',
    'github',
    'issues',
    'ledger',
    'mail',
    'repositories',
    'standing',
    'vouches',
    'xp',
  ],
  'issue-page': ['github', 'issues', 'repositories', 'stakes', 'standing'],
  'pull-requests': [
    'bounties',
    'github',
    'github-events',
    'repositories',
    'stakes',
    'standing',
    'vouches',
    'xp',
  ],
  'github-events': [
    'auth',
    'bounties',
    'github',
    'issue-page',
    'issues',
    'ledger',
    'repositories',
    'stakes',
    'standing',
    'vouches',
  ],
  demo: ['auth', 'contributors', 'github', 'issues', 'repositories', 'stakes', 'xp'],
  'maintainer-preferences': ['mail'],
  // The mail outbox and its templates: at the bottom, so any module can queue mail.
  mail: [],
};

/** Throws on a module folder missing from the table, or a cycle in it. */
function checkServerModuleGraph() {
  const folders = readdirSync(new URL('./apps/server/src/modules/', import.meta.url), {
    withFileTypes: true,
  })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const undeclared = folders.filter((f) => !(f in serverModuleImports));
  if (undeclared.length) {
    throw new Error(
      `eslint.config.js: declare what server modules ${undeclared.join(', ')} import`,
    );
  }
  const state = new Map();
  const visit = (name, path) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'open') {
      throw new Error(
        `eslint.config.js: server modules import in a circle: ${[...path, name].join(' -> ')}`,
      );
    }
    state.set(name, 'open');
    for (const next of serverModuleImports[name] ?? []) visit(next, [...path, name]);
    state.set(name, 'done');
  };
  for (const name of Object.keys(serverModuleImports)) visit(name, []);
  return folders;
}

// One route file per domain (docs/ARCHITECTURE.md): http/routes/<domain>.routes.ts calls the
// services of the module folder it is named after, whatever the role or the URL. The files whose
// name differs from their folder, and the ones that call no module, are listed here.
const routeFileModules = {
  webhook: ['github-events'],
  conversations: ['messages'],
  wallet: ['wallets'],
  auth: ['auth'],
  user: [],
  health: [],
};

/** no-restricted-imports for each route file: the services of its own module folder only. */
function routeFileZones(modules) {
  const files = readdirSync(new URL('./apps/server/src/http/routes/', import.meta.url))
    .filter((file) => file.endsWith('.routes.ts'))
    .map((file) => file.slice(0, -'.routes.ts'.length));
  return files.map((name) => {
    const own = routeFileModules[name] ?? [name];
    const unknown = own.filter((m) => !modules.includes(m));
    if (unknown.length) {
      throw new Error(
        `eslint.config.js: http/routes/${name}.routes.ts names no module folder (${unknown.join(', ')}): add it to routeFileModules`,
      );
    }
    return {
      files: [`apps/server/src/http/routes/${name}.routes.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: modules.filter((m) => !own.includes(m)).map((m) => `**/modules/${m}/*`),
                message: `http/routes/${name}.routes.ts calls ${own.join(', ') || 'no module'}: a route goes in the file of the domain whose service it calls (routeFileModules in eslint.config.js; docs/ARCHITECTURE.md).`,
              },
            ],
          },
        ],
      },
    };
  });
}

/** no-restricted-imports for each server module folder, and the server's layers. */
function serverZones() {
  const modules = checkServerModuleGraph();
  const layers = {
    group: ['**/http/**', '**/jobs/**', '**/main', '**/app'],
    message: 'modules/ hold the rules; http/ and jobs/ call them, never the other way round.',
  };
  // Services depend on GitHub's port, never on Octokit or the adapters that implement it.
  const githubPort = {
    group: [
      '@octokit/*',
      '**/integrations/github/*',
      '!**/integrations/github/port',
      '!**/integrations/github/facts',
      '!**/integrations/github/errors',
    ],
    message:
      'modules/ reach GitHub through ctx.github / ctx.githubApp: import types from integrations/github/port (facts.ts and errors.ts for mappings), never Octokit or an adapter.',
  };
  return [
    ...routeFileZones(modules),
    ...modules.map((name) => ({
      files: [`apps/server/src/modules/${name}/**/*.ts`],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              layers,
              githubPort,
              {
                group: modules
                  .filter((m) => m !== name && !serverModuleImports[name].includes(m))
                  .map((m) => `../${m}/*`),
                message: `modules/${name} may import only ${serverModuleImports[name].join(', ') || 'no other module'} (serverModuleImports in eslint.config.js; docs/ARCHITECTURE.md).`,
              },
            ],
          },
        ],
      },
    })),
    {
      files: [
        'apps/server/src/db/**/*.ts',
        'apps/server/src/integrations/**/*.ts',
        'apps/server/src/lib/**/*.ts',
      ],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['**/modules/**', '**/http/**', '**/jobs/**'],
                message:
                  'db/, integrations/ and lib/ sit below the modules: pass what they need in.',
              },
            ],
          },
        ],
      },
    },
  ];
}

/**
 * How the web app writes an import (docs/ARCHITECTURE.md, web app imports). A file's home is its
 * feature, its area (routes/<area>/) or its top-level folder under src (components/, lib/, app/,
 * test/). Inside its home a file imports relatively, climbing at most one folder; anything else
 * is `@/<path under src>`. scripts/alias-web-imports.mjs rewrites imports to this rule. Checked
 * by typescript-eslint's copy of no-restricted-imports, so that these options do not replace the
 * zones' (a later block replaces a rule's options rather than merging them); like the zones it
 * sees static imports only, not import().
 */
function webImportSpelling() {
  const src = 'apps/web/src';
  const homes = [
    ...foldersIn(`./${src}/`).filter((top) => top !== 'features' && top !== 'routes'),
    ...webFeatures.map((feature) => `features/${feature}`),
    ...foldersIn(`./${src}/routes/`).map((area) => `routes/${area}`),
  ];
  const climbsTwo = {
    regex: '^\\.\\./\\.\\./',
    message: 'An import that climbs two folders is written from src: @/<path under src>.',
  };
  const leavesHome = {
    regex: '^\\.\\./',
    message:
      'This file sits at the top of its home folder: import from outside it as @/<path under src>.',
  };
  return homes.flatMap((home) => {
    const ownHome = {
      regex: `^@/${home}/`,
      message: `Inside ${home}/ an import is relative (./x, ../x); @/ is for other folders.`,
    };
    const rule = (climbing) => ({
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [climbing, ownHome] }],
    });
    return [
      { files: [`${src}/${home}/**/*.{ts,tsx}`], rules: rule(climbsTwo) },
      { files: [`${src}/${home}/*.{ts,tsx}`], rules: rule(leavesHome) },
    ];
  });
}

/** no-restricted-imports for each feature; a later block replaces options, so each repeats the rest. */
function featureZones() {
  return webFeatures.flatMap((feature) => {
    const allowed = new Set([feature, ...sharedTier, ...(featureExceptions[feature] ?? [])]);
    const otherFeatures = {
      group: webFeatures.filter((f) => !allowed.has(f)).map((f) => `**/${f}/**`),
      message: `A feature imports only itself, the shared tier (${sharedTier.join(', ')}) and the one-way exceptions in eslint.config.js: move shared code (docs/ARCHITECTURE.md, web app imports).`,
    };
    const files = [`apps/web/src/features/${feature}/**/*.{ts,tsx}`];
    const tests = ['**/*.test.{ts,tsx}'];
    return [
      {
        files,
        ignores: tests,
        rules: {
          'no-restricted-imports': [
            'error',
            { patterns: [noServerCode, notAScreen, otherFeatures] },
          ],
        },
      },
      {
        // A feature's test may render its screen, but not reach into another feature.
        files: files.map((f) => f.replace('*.{ts,tsx}', '*.test.{ts,tsx}')),
        rules: {
          'no-restricted-imports': ['error', { patterns: [noServerCode, otherFeatures] }],
        },
      },
    ];
  });
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '**/.tmp/**',
      'apps/server/drizzle/**',
      // What the benches' prototypes build (bench/react-router-prototype, bench/evm-nodes).
      'bench/react-router-prototype/build/**',
      'bench/react-router-prototype/.react-router/**',
      'bench/evm-nodes/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023 },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  {
    // The browser app never reaches into the server, and core stays free of I/O.
    files: ['apps/web/**/*.{ts,tsx}', 'packages/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServerCode] }] },
  },
  {
    // The web app's tiers import downwards only: routes -> features -> components, lib. Shared
    // code sits below every feature, so it never imports one (nor a screen, nor the app shell).
    // A rule's options are replaced, not merged, by a later block: each zone repeats the server rule.
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServerCode,
            {
              group: ['**/features/**', '**/routes/**', '**/app/**'],
              message:
                'components/ and lib/ are shared by every feature: move what needs a feature into that feature, or what a feature shares down here.',
            },
          ],
        },
      ],
    },
  },
  ...featureZones(),
  ...webImportSpelling(),
  ...serverZones(),
  {
    // Query keys come from each feature's api/query-keys.ts, so a key is written once and an
    // invalidation cannot drift from the query it means.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/query-keys.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'Property[key.name=/^(queryKey|mutationKey)$/] > ArrayExpression, CallExpression[callee.property.name=/QueryData$/] > ArrayExpression:first-child',
          message: "Take the key from the feature's api/query-keys.ts factory.",
        },
      ],
    },
  },
  {
    files: [
      '**/*.test.{ts,tsx}',
      '**/test/**/*.ts',
      'e2e/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.{ts,js,mjs}',
    ],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
