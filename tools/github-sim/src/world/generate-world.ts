import { createHash } from 'node:crypto';
import type {
  RepoRole,
  World,
  WorldComment,
  WorldIssue,
  WorldLabel,
  WorldOrg,
  WorldRepo,
  WorldReview,
  WorldUser,
} from './types';

/**
 * Builds the committed fixture world (`fixtures/world.json`) from a seed, without clock or
 * `Math.random`: the same seed gives the same world, byte for byte. The named users documented in
 * the README get fixed, hand-placed facts; everything else is seeded filler.
 */

export const DEFAULT_SEED = 20250601;

/** The world's "now": every fixture date lies before it. */
const WORLD_NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const DAY = 86_400_000;

type Rng = () => number;

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

class Random {
  private readonly next: Rng;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }
  /** A time between `from` and `to` (ms), rounded to the second as GitHub prints them. */
  time(from: number, to: number): number {
    return Math.floor((from + this.next() * Math.max(0, to - from)) / 1000) * 1000;
  }
}

const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const ms = (value: string): number => Date.parse(value);
const sha = (text: string): string => createHash('sha1').update(text).digest('hex');

interface UserSeed {
  login: string;
  name: string;
  bio: string;
  location: string;
  company?: string;
  emailPublic: boolean;
  created: string;
  followers: [number, number];
}

const USERS: UserSeed[] = [
  {
    login: 'octo-dev',
    name: 'Octo Dev',
    bio: 'Full-stack developer. TypeScript by day, Go by night.',
    location: 'Berlin, Germany',
    emailPublic: true,
    created: '2016-03-14',
    followers: [120, 180],
  },
  {
    login: 'mia-maintainer',
    name: 'Mia Maintainer',
    bio: 'Maintainer at OpenStake Labs. Reviews pull requests with a cup of tea.',
    location: 'Lisbon, Portugal',
    company: '@openstake-labs',
    emailPublic: false,
    created: '2013-09-02',
    followers: [800, 1200],
  },
  {
    login: 'rita-reader',
    name: 'Rita Reader',
    bio: 'Reads more code than she writes.',
    location: 'Toronto, Canada',
    emailPublic: true,
    created: '2018-11-20',
    followers: [10, 40],
  },
  {
    login: 'newbie-nia',
    name: 'Nia Newbie',
    bio: 'Just getting started with open source!',
    location: 'Nairobi, Kenya',
    emailPublic: false,
    created: '2025-04-28',
    followers: [0, 2],
  },
  {
    login: 'prolific-pat',
    name: 'Pat Prolific',
    bio: 'Ships pull requests faster than CI can run them.',
    location: 'Austin, TX',
    emailPublic: true,
    created: '2012-06-07',
    followers: [2000, 3000],
  },
  {
    login: 'sam-rustacean',
    name: 'Sam Okafor',
    bio: 'Rust, parsers and zero-copy everything.',
    location: 'Lagos, Nigeria',
    emailPublic: true,
    created: '2015-01-19',
    followers: [300, 500],
  },
  {
    login: 'lena-pythonista',
    name: 'Lena Fischer',
    bio: 'Data engineer. Python, SQL and too many notebooks.',
    location: 'Munich, Germany',
    company: '@data-harbor',
    emailPublic: false,
    created: '2014-05-30',
    followers: [400, 700],
  },
  {
    login: 'gopher-gus',
    name: 'Gus Moreau',
    bio: 'Go programmer, occasional gardener.',
    location: 'Lyon, France',
    emailPublic: true,
    created: '2017-08-11',
    followers: [90, 160],
  },
  {
    login: 'java-jane',
    name: 'Jane Park',
    bio: 'JVM performance nerd.',
    location: 'Seoul, South Korea',
    emailPublic: true,
    created: '2014-02-03',
    followers: [150, 260],
  },
  {
    login: 'ruby-raj',
    name: 'Raj Patel',
    bio: 'Rubyist. Rails core contributor wannabe.',
    location: 'Pune, India',
    emailPublic: false,
    created: '2013-12-12',
    followers: [200, 320],
  },
  {
    login: 'cpp-carlos',
    name: 'Carlos Ruiz',
    bio: 'Graphics programming and modern C++.',
    location: 'Madrid, Spain',
    company: '@pixel-forge',
    emailPublic: true,
    created: '2012-10-25',
    followers: [500, 900],
  },
  {
    login: 'frontend-fay',
    name: 'Fay Chen',
    bio: 'Accessible interfaces or bust.',
    location: 'Taipei, Taiwan',
    company: '@pixel-forge',
    emailPublic: true,
    created: '2016-07-07',
    followers: [600, 1000],
  },
  {
    login: 'ops-olga',
    name: 'Olga Ivanova',
    bio: 'Infrastructure, CI pipelines and on-call stories.',
    location: 'Tallinn, Estonia',
    emailPublic: false,
    created: '2015-04-18',
    followers: [80, 140],
  },
  {
    login: 'tess-tester',
    name: 'Tess Tan',
    bio: 'If it is not tested, it is broken.',
    location: 'Singapore',
    emailPublic: true,
    created: '2019-02-14',
    followers: [40, 90],
  },
  {
    login: 'devon-docs',
    name: 'Devon Reed',
    bio: 'Technical writer who also writes JavaScript.',
    location: 'Dublin, Ireland',
    emailPublic: true,
    created: '2017-01-09',
    followers: [60, 110],
  },
  {
    login: 'kai-kotlin',
    name: 'Kai Larsen',
    bio: 'Kotlin and coroutines enthusiast.',
    location: 'Oslo, Norway',
    emailPublic: false,
    created: '2018-03-03',
    followers: [30, 70],
  },
];

interface OrgSeed {
  login: string;
  name: string;
  description: string;
  location: string;
  created: string;
  members: [string, 'admin' | 'member'][];
}

const ORGS: OrgSeed[] = [
  {
    login: 'openstake-labs',
    name: 'OpenStake Labs',
    description: 'Building accountable open-source contribution.',
    location: 'Remote',
    created: '2019-05-01',
    members: [
      ['mia-maintainer', 'admin'],
      ['octo-dev', 'member'],
      ['ops-olga', 'member'],
      ['tess-tester', 'member'],
      ['devon-docs', 'member'],
    ],
  },
  {
    login: 'pixel-forge',
    name: 'Pixel Forge',
    description: 'Open-source UI components and graphics tooling.',
    location: 'Taipei, Taiwan',
    created: '2017-10-10',
    members: [
      ['frontend-fay', 'admin'],
      ['cpp-carlos', 'member'],
      ['kai-kotlin', 'member'],
    ],
  },
  {
    login: 'data-harbor',
    name: 'Data Harbor',
    description: 'Data infrastructure you can run yourself.',
    location: 'Munich, Germany',
    created: '2016-02-20',
    members: [
      ['lena-pythonista', 'admin'],
      ['gopher-gus', 'member'],
      ['sam-rustacean', 'member'],
      ['java-jane', 'member'],
    ],
  },
];

type Difficulty = 'levels' | 'sizes' | 'none';

interface RepoSeed {
  owner: string;
  name: string;
  description: string;
  languages: [string, number][];
  topics: string[];
  private?: boolean;
  license?: 'mit' | 'apache-2.0' | 'gpl-3.0' | 'bsd-3-clause' | null;
  difficulty: Difficulty;
  collaborators?: [string, RepoRole][];
  homepage?: string;
}

const REPOS: RepoSeed[] = [
  {
    owner: 'openstake-labs',
    name: 'stake-engine',
    description: 'Settlement engine for staked pull requests.',
    languages: [
      ['TypeScript', 0.86],
      ['JavaScript', 0.09],
      ['Shell', 0.05],
    ],
    topics: ['staking', 'typescript', 'fastify'],
    difficulty: 'levels',
    collaborators: [
      ['rita-reader', 'read'],
      ['tess-tester', 'triage'],
      ['ops-olga', 'write'],
    ],
  },
  {
    owner: 'openstake-labs',
    name: 'openstake-web',
    description: 'The OpenStake web app.',
    languages: [
      ['TypeScript', 0.78],
      ['CSS', 0.15],
      ['HTML', 0.07],
    ],
    topics: ['react', 'vite', 'tailwindcss'],
    difficulty: 'levels',
    collaborators: [
      ['rita-reader', 'read'],
      ['frontend-fay', 'write'],
    ],
    homepage: 'https://openstake.example.com',
  },
  {
    owner: 'openstake-labs',
    name: 'ledger-core',
    description: 'Double-entry ledger library with checked invariants.',
    languages: [['Rust', 1]],
    topics: ['ledger', 'rust', 'accounting'],
    license: 'apache-2.0',
    difficulty: 'sizes',
    collaborators: [['sam-rustacean', 'maintain']],
  },
  {
    owner: 'openstake-labs',
    name: 'hedera-bridge',
    description: 'Bridge between the OpenStake ledger and Hedera.',
    languages: [
      ['Go', 0.93],
      ['Makefile', 0.07],
    ],
    topics: ['hedera', 'go', 'blockchain'],
    difficulty: 'sizes',
    collaborators: [['ops-olga', 'admin']],
  },
  {
    owner: 'openstake-labs',
    name: 'docs',
    description: 'Documentation site for OpenStake.',
    languages: [
      ['JavaScript', 0.7],
      ['CSS', 0.3],
    ],
    topics: ['documentation'],
    license: null,
    difficulty: 'levels',
    collaborators: [['devon-docs', 'maintain']],
  },
  {
    owner: 'openstake-labs',
    name: 'openstake-py',
    description: 'Python SDK for the OpenStake API.',
    languages: [['Python', 1]],
    topics: ['sdk', 'python'],
    difficulty: 'none',
  },
  {
    owner: 'openstake-labs',
    name: 'internal-tools',
    description: 'Internal scripts and dashboards.',
    languages: [
      ['TypeScript', 0.6],
      ['Shell', 0.4],
    ],
    topics: [],
    private: true,
    license: null,
    difficulty: 'none',
    collaborators: [['ops-olga', 'write']],
  },
  {
    owner: 'pixel-forge',
    name: 'pixel-ui',
    description: 'Accessible React component library.',
    languages: [
      ['TypeScript', 0.8],
      ['CSS', 0.15],
      ['JavaScript', 0.05],
    ],
    topics: ['react', 'components', 'a11y'],
    difficulty: 'levels',
    collaborators: [['cpp-carlos', 'write']],
  },
  {
    owner: 'pixel-forge',
    name: 'canvas-kit',
    description: 'A tiny 2D canvas rendering toolkit.',
    languages: [['JavaScript', 1]],
    topics: ['canvas', 'graphics'],
    difficulty: 'sizes',
  },
  {
    owner: 'pixel-forge',
    name: 'shader-lab',
    description: 'Playground for GLSL shaders with a C++ host.',
    languages: [
      ['C++', 0.75],
      ['GLSL', 0.15],
      ['CMake', 0.1],
    ],
    topics: ['glsl', 'opengl', 'cpp'],
    difficulty: 'sizes',
    collaborators: [['cpp-carlos', 'maintain']],
  },
  {
    owner: 'pixel-forge',
    name: 'icon-forge',
    description: 'SVG icon set and its build pipeline.',
    languages: [
      ['JavaScript', 0.85],
      ['HTML', 0.15],
    ],
    topics: ['icons', 'svg'],
    license: 'mit',
    difficulty: 'none',
  },
  {
    owner: 'pixel-forge',
    name: 'design-tokens',
    description: 'Design tokens shared by Pixel Forge products.',
    languages: [['TypeScript', 1]],
    topics: [],
    private: true,
    difficulty: 'none',
  },
  {
    owner: 'data-harbor',
    name: 'harbor-db',
    description: 'Embedded time-series database.',
    languages: [
      ['Rust', 0.88],
      ['C', 0.12],
    ],
    topics: ['database', 'time-series', 'rust'],
    license: 'apache-2.0',
    difficulty: 'levels',
  },
  {
    owner: 'data-harbor',
    name: 'stream-pipe',
    description: 'Backpressure-aware stream processing in Go.',
    languages: [['Go', 1]],
    topics: ['streaming', 'go'],
    difficulty: 'sizes',
    collaborators: [['gopher-gus', 'write']],
  },
  {
    owner: 'data-harbor',
    name: 'tabular',
    description: 'Lightweight dataframe library for Python.',
    languages: [
      ['Python', 0.82],
      ['Cython', 0.1],
      ['C', 0.08],
    ],
    topics: ['dataframe', 'python', 'data-science'],
    license: 'bsd-3-clause',
    difficulty: 'levels',
  },
  {
    owner: 'data-harbor',
    name: 'etl-workbench',
    description: 'ETL jobs on the JVM with a fluent DSL.',
    languages: [
      ['Java', 0.8],
      ['Kotlin', 0.2],
    ],
    topics: ['etl', 'java'],
    license: 'apache-2.0',
    difficulty: 'sizes',
    collaborators: [['java-jane', 'write']],
  },
  {
    owner: 'data-harbor',
    name: 'query-planner',
    description: 'Cost-based SQL query planner.',
    languages: [
      ['C++', 0.9],
      ['Python', 0.1],
    ],
    topics: ['sql', 'query-optimizer'],
    difficulty: 'none',
  },
  {
    owner: 'octo-dev',
    name: 'octo-cli',
    description: 'CLI to manage dotfiles and dev boxes.',
    languages: [
      ['Go', 0.95],
      ['Shell', 0.05],
    ],
    topics: ['cli', 'dotfiles'],
    difficulty: 'none',
  },
  {
    owner: 'octo-dev',
    name: 'ts-utils',
    description: 'Small, typed utility functions.',
    languages: [['TypeScript', 1]],
    topics: ['typescript', 'utilities'],
    difficulty: 'levels',
  },
  {
    owner: 'mia-maintainer',
    name: 'release-bot',
    description: 'Bot that drafts release notes from merged pull requests.',
    languages: [
      ['TypeScript', 0.9],
      ['Dockerfile', 0.1],
    ],
    topics: ['github-bot', 'release-notes'],
    difficulty: 'sizes',
    collaborators: [['devon-docs', 'triage']],
  },
  {
    owner: 'mia-maintainer',
    name: 'mia-notes',
    description: 'Personal notes and snippets.',
    languages: [['Ruby', 1]],
    topics: [],
    private: true,
    license: null,
    difficulty: 'none',
  },
  {
    owner: 'sam-rustacean',
    name: 'fast-json-rs',
    description: 'SIMD-accelerated JSON parser.',
    languages: [['Rust', 1]],
    topics: ['json', 'simd', 'parser'],
    difficulty: 'levels',
  },
  {
    owner: 'lena-pythonista',
    name: 'ml-recipes',
    description: 'Reproducible machine-learning recipes.',
    languages: [
      ['Python', 0.7],
      ['Jupyter Notebook', 0.3],
    ],
    topics: ['machine-learning', 'python'],
    difficulty: 'levels',
  },
  {
    owner: 'gopher-gus',
    name: 'gus-http',
    description: 'Minimal HTTP router for Go.',
    languages: [['Go', 1]],
    topics: ['http', 'router', 'go'],
    license: 'bsd-3-clause',
    difficulty: 'sizes',
  },
  {
    owner: 'java-jane',
    name: 'spring-todo',
    description: 'Spring Boot reference application.',
    languages: [
      ['Java', 0.85],
      ['HTML', 0.15],
    ],
    topics: ['spring-boot', 'java'],
    difficulty: 'sizes',
  },
  {
    owner: 'ruby-raj',
    name: 'rails-blog-engine',
    description: 'Mountable blog engine for Rails.',
    languages: [
      ['Ruby', 0.8],
      ['HTML', 0.12],
      ['JavaScript', 0.08],
    ],
    topics: ['rails', 'ruby', 'blog'],
    difficulty: 'levels',
  },
  {
    owner: 'cpp-carlos',
    name: 'tiny-raytracer',
    description: 'A raytracer in a weekend, in modern C++.',
    languages: [
      ['C++', 0.92],
      ['CMake', 0.08],
    ],
    topics: ['raytracing', 'graphics', 'cpp'],
    license: 'gpl-3.0',
    difficulty: 'sizes',
  },
  {
    owner: 'devon-docs',
    name: 'markdown-lint-rules',
    description: 'Custom markdownlint rules for technical writing.',
    languages: [['JavaScript', 1]],
    topics: ['markdown', 'linting'],
    difficulty: 'levels',
  },
  {
    owner: 'kai-kotlin',
    name: 'coroutines-playground',
    description: 'Kotlin coroutines, explained by example.',
    languages: [
      ['Kotlin', 0.9],
      ['Java', 0.1],
    ],
    topics: ['kotlin', 'coroutines'],
    difficulty: 'none',
  },
  {
    owner: 'prolific-pat',
    name: 'pat-scripts',
    description: 'Scripts Pat uses every day.',
    languages: [
      ['Shell', 0.6],
      ['Python', 0.4],
    ],
    topics: [],
    difficulty: 'none',
  },
];

const LICENSES = {
  mit: { key: 'mit', name: 'MIT License', spdxId: 'MIT' },
  'apache-2.0': { key: 'apache-2.0', name: 'Apache License 2.0', spdxId: 'Apache-2.0' },
  'gpl-3.0': {
    key: 'gpl-3.0',
    name: 'GNU General Public License v3.0',
    spdxId: 'GPL-3.0',
  },
  'bsd-3-clause': {
    key: 'bsd-3-clause',
    name: 'BSD 3-Clause "New" or "Revised" License',
    spdxId: 'BSD-3-Clause',
  },
} as const;

/** GitHub's default labels, with its colours. */
export const DEFAULT_LABELS: [string, string, string][] = [
  ['bug', 'd73a4a', "Something isn't working"],
  ['documentation', '0075ca', 'Improvements or additions to documentation'],
  ['duplicate', 'cfd3d7', 'This issue or pull request already exists'],
  ['enhancement', 'a2eeef', 'New feature or request'],
  ['good first issue', '7057ff', 'Good for newcomers'],
  ['help wanted', '008672', 'Extra attention is needed'],
  ['invalid', 'e4e669', "This doesn't seem right"],
  ['question', 'd876e3', 'Further information is requested'],
  ['wontfix', 'ffffff', 'This will not be worked on'],
];

const DIFFICULTY_LABELS: Record<Exclude<Difficulty, 'none'>, [string, string][]> = {
  levels: [
    ['beginner', 'c2e0c6'],
    ['intermediate', 'fbca04'],
    ['advanced', 'b60205'],
  ],
  sizes: [
    ['easy', 'c2e0c6'],
    ['medium', 'fbca04'],
    ['hard', 'b60205'],
  ],
};

type Kind = 'bug' | 'enhancement' | 'documentation';

const TITLES: Record<Kind, string[]> = {
  bug: [
    'Crash when the config file is missing',
    'Wrong exit code on failure',
    'Memory leak in the worker pool',
    'Race condition when two requests arrive together',
    'Unicode file names are garbled',
    'Timeout is ignored on slow networks',
    'Error message shows undefined',
    'Off-by-one error in pagination',
    'Flaky test in CI on Windows',
    'Incorrect rounding of large numbers',
    'Retry loop never stops after a 500',
    'Dark theme colours have low contrast',
    'Build fails with the latest compiler',
    'Cache is not invalidated after an update',
    'Date parsing breaks around daylight saving time',
    'Log output is duplicated',
    'Panic on empty input',
    'Wrong default port in the example',
    'Keyboard focus is lost after closing the dialog',
    'Benchmarks report negative durations',
    'Deadlock when the queue is full',
    'Symlinks are followed outside the workspace',
    'CLI ignores the --quiet flag',
    'Stack overflow on deeply nested input',
  ],
  enhancement: [
    'Add a dark mode toggle',
    'Support pagination in the list command',
    'Add retries with exponential backoff',
    'Expose metrics in Prometheus format',
    'Allow configuring the log level',
    'Add a --json output flag',
    'Support Windows paths',
    'Add benchmarks for the parser',
    'Stream large responses instead of buffering',
    'Add a plugin API',
    'Provide typed errors',
    'Support environment variables in the config',
    'Add keyboard shortcuts',
    'Cache results between runs',
    'Add a health check endpoint',
    'Support cancellation of long tasks',
    'Add an example project',
    'Make the timeout configurable',
    'Add shell completions',
    'Support reading from stdin',
    'Add property-based tests',
    'Publish a Docker image',
    'Add an option to disable colours',
    'Validate input with a schema',
  ],
  documentation: [
    'Document the configuration options',
    'Fix typos in the README',
    'Add a contributing guide',
    'Explain the release process',
    'Add architecture overview',
    'Document error codes',
    'Add a troubleshooting section',
    'Update installation instructions',
    'Add code examples to the API reference',
    'Write a migration guide for v2',
  ],
};

const COMMENT_BODIES = [
  'I can reproduce this on the latest version.',
  'Thanks for the report! Could you share the full log?',
  'I would like to work on this.',
  'This looks related to the change in the last release.',
  'Is anyone working on this? Happy to help.',
  '+1, this affects us too.',
  'I had a look: the problem is in the error handling path.',
  'Would a pull request for this be welcome?',
  'Confirmed, and it also happens on macOS.',
  'Good idea. Let us discuss the API first.',
];

const REVIEW_BODIES: Record<WorldReview['state'], string[]> = {
  APPROVED: ['Looks good to me, thanks!', 'LGTM 🚀', 'Nice work, merging.', 'Great, thank you!'],
  CHANGES_REQUESTED: [
    'Please add a test for the failing case.',
    'This breaks the public API; can we keep the old name?',
    'Could you split this into two commits?',
  ],
  COMMENTED: [
    'A few nits inline, otherwise fine.',
    'Interesting approach. Have you measured the impact?',
    'Left some questions.',
  ],
};

const INSTALL: Record<string, string> = {
  TypeScript: 'npm install',
  JavaScript: 'npm install',
  Python: 'pip install -e .',
  Go: 'go build ./...',
  Rust: 'cargo build --release',
  Java: './gradlew build',
  Kotlin: './gradlew build',
  Ruby: 'bundle install',
  'C++': 'cmake -B build && cmake --build build',
  Shell: './install.sh',
};

/** Accounts get ids from one sequence, like GitHub's users and organizations. */
const ID_BASE = {
  account: 10_000,
  repo: 200_000,
  issue: 3_000_000,
  pull: 4_000_000,
  comment: 5_000_000,
  review: 6_000_000,
  label: 7_000_000,
} as const;

interface PullPlan {
  repo: string;
  author: string;
  outcome: 'merged' | 'open' | 'closed-reviewed' | 'closed-unreviewed';
}

/** The named users' pull requests, placed by hand so the README's facts hold for every seed. */
function namedPullPlans(publicRepos: RepoSeed[]): PullPlan[] {
  const plans: PullPlan[] = [];
  const add = (author: string, repo: string, outcome: PullPlan['outcome'], times = 1) => {
    for (let i = 0; i < times; i++) plans.push({ repo, author, outcome });
  };
  // octo-dev: 8 merged to others' repositories, 2 merged to their own, one open, one rejected.
  add('octo-dev', 'openstake-labs/stake-engine', 'merged', 2);
  for (const repo of [
    'openstake-labs/openstake-web',
    'openstake-labs/hedera-bridge',
    'pixel-forge/pixel-ui',
    'data-harbor/stream-pipe',
    'gopher-gus/gus-http',
    'sam-rustacean/fast-json-rs',
  ]) {
    add('octo-dev', repo, 'merged');
  }
  add('octo-dev', 'octo-dev/octo-cli', 'merged', 2);
  add('octo-dev', 'openstake-labs/stake-engine', 'open');
  add('octo-dev', 'pixel-forge/canvas-kit', 'closed-reviewed');
  // mia-maintainer: 3 merged to others' repositories, 1 to her own.
  for (const repo of [
    'pixel-forge/pixel-ui',
    'sam-rustacean/fast-json-rs',
    'data-harbor/stream-pipe',
  ]) {
    add('mia-maintainer', repo, 'merged');
  }
  add('mia-maintainer', 'mia-maintainer/release-bot', 'merged');
  // rita-reader: one merged documentation fix.
  add('rita-reader', 'openstake-labs/docs', 'merged');
  // prolific-pat: 64 merged to others' public repositories, round robin, plus a few others.
  const targets = publicRepos.filter((r) => r.owner !== 'prolific-pat');
  for (let i = 0; i < 64; i++) {
    const target = targets[i % targets.length] as RepoSeed;
    add('prolific-pat', `${target.owner}/${target.name}`, 'merged');
  }
  add('prolific-pat', 'data-harbor/tabular', 'open');
  add('prolific-pat', 'openstake-labs/stake-engine', 'open');
  add('prolific-pat', 'pixel-forge/icon-forge', 'closed-reviewed');
  add('prolific-pat', 'ruby-raj/rails-blog-engine', 'closed-unreviewed');
  return plans;
}

/** Users whose pull-request counts the README documents: the filler never uses them. */
const NAMED = new Set(['octo-dev', 'mia-maintainer', 'rita-reader', 'newbie-nia', 'prolific-pat']);

export function generateWorld(seed: number = DEFAULT_SEED): World {
  const rnd = new Random(seed);
  let accountId = ID_BASE.account;
  let repoId = ID_BASE.repo;
  let issueId = ID_BASE.issue;
  let pullId = ID_BASE.pull;
  let commentId = ID_BASE.comment;
  let reviewId = ID_BASE.review;
  let labelId = ID_BASE.label;

  const users: WorldUser[] = USERS.map((u) => {
    const created = Date.parse(`${u.created}T00:00:00Z`) + rnd.int(0, DAY - 1000);
    const createdAt = iso(Math.floor(created / 1000) * 1000);
    return {
      id: ++accountId,
      login: u.login,
      name: u.name,
      company: u.company ?? null,
      blog: rnd.chance(0.5) ? `https://${u.login}.example.com` : '',
      location: u.location,
      bio: u.bio,
      email: `${u.login.replace(/-/g, '.')}@example.com`,
      emailPublic: u.emailPublic,
      twitterUsername: null,
      hireable: u.login === 'newbie-nia' ? true : rnd.chance(0.4) ? true : null,
      followers: rnd.int(u.followers[0], u.followers[1]),
      following: rnd.int(0, 60),
      createdAt,
      updatedAt: iso(rnd.time(WORLD_NOW - 90 * DAY, WORLD_NOW - DAY)),
    };
  });

  const orgs: WorldOrg[] = ORGS.map((o) => ({
    id: ++accountId,
    login: o.login,
    name: o.name,
    description: o.description,
    blog: `https://${o.login}.example.com`,
    location: o.location,
    email: null,
    createdAt: `${o.created}T09:00:00Z`,
    updatedAt: iso(rnd.time(WORLD_NOW - 60 * DAY, WORLD_NOW - DAY)),
    members: o.members.map(([login, role]) => ({ login, role })),
  }));

  const accountCreated = new Map<string, number>();
  for (const u of users) accountCreated.set(u.login, ms(u.createdAt));
  for (const o of orgs) accountCreated.set(o.login, ms(o.createdAt));

  const repos: WorldRepo[] = REPOS.map((r) => {
    const ownerCreated = accountCreated.get(r.owner) ?? WORLD_NOW - 2000 * DAY;
    const from = Math.max(ownerCreated + 30 * DAY, Date.UTC(2018, 0, 1));
    const createdAt = rnd.time(from, Math.max(from, WORLD_NOW - 400 * DAY));
    const total = rnd.int(60_000, 1_800_000);
    const languages: Record<string, number> = {};
    for (const [language, share] of r.languages) {
      languages[language] = Math.max(120, Math.round(total * share * (0.9 + rnd.float() * 0.2)));
    }
    const stargazers = rnd.int(r.private ? 0 : 15, r.private ? 3 : 2500);
    const difficulty = r.difficulty === 'none' ? [] : DIFFICULTY_LABELS[r.difficulty];
    const labels: WorldLabel[] = [
      ...DEFAULT_LABELS.map(([name, color, description]) => ({
        id: ++labelId,
        name,
        color,
        description,
        default: true,
      })),
      ...difficulty.map(([name, color]) => ({
        id: ++labelId,
        name,
        color,
        description: `Difficulty: ${name}`,
        default: false,
      })),
    ];
    const primary = r.languages[0]?.[0] ?? 'Text';
    return {
      id: ++repoId,
      owner: r.owner,
      name: r.name,
      description: r.description,
      homepage: r.homepage ?? null,
      private: r.private ?? false,
      archived: false,
      topics: r.topics,
      languages,
      stargazers,
      forks: Math.floor(stargazers * (0.05 + rnd.float() * 0.15)),
      subscribers: Math.max(1, Math.floor(stargazers * 0.06)),
      license: r.license === null ? null : LICENSES[r.license ?? 'mit'],
      defaultBranch: 'main',
      createdAt: iso(createdAt),
      updatedAt: iso(createdAt),
      pushedAt: iso(createdAt),
      readme: readmeFor(r, primary),
      collaborators: (r.collaborators ?? []).map(([login, role]) => ({ login, role })),
      labels,
      issues: [],
    };
  });

  const repoByName = new Map(repos.map((r) => [`${r.owner}/${r.name}`, r]));
  const orgByLogin = new Map(orgs.map((o) => [o.login, o]));

  const roleOf = (repo: WorldRepo, login: string): RepoRole | null => {
    if (repo.owner === login) return 'admin';
    const org = orgByLogin.get(repo.owner);
    const member = org?.members.find((m) => m.login === login);
    if (member?.role === 'admin') return 'admin';
    const collaborator = repo.collaborators.find((c) => c.login === login);
    if (collaborator) return collaborator.role;
    return member ? 'read' : null;
  };
  const pushers = (repo: WorldRepo): string[] =>
    users
      .map((u) => u.login)
      .filter((login) => ['admin', 'maintain', 'write'].includes(roleOf(repo, login) ?? ''));
  const readers = (repo: WorldRepo): string[] =>
    users.map((u) => u.login).filter((login) => !repo.private || roleOf(repo, login) !== null);

  // Items are created with dates first and numbered per repository afterwards, in date order.
  interface Draft {
    issue: Omit<WorldIssue, 'number' | 'id'>;
    kind: Kind;
    fixes?: Draft;
    seq: number;
  }
  const drafts = new Map<WorldRepo, Draft[]>(repos.map((r) => [r, []]));
  let seq = 0;
  const usedTitles = new Map<WorldRepo, Set<string>>();

  const titleFor = (repo: WorldRepo, kind: Kind): string => {
    const used = usedTitles.get(repo) ?? new Set<string>();
    usedTitles.set(repo, used);
    const free = TITLES[kind].filter((t) => !used.has(t));
    const title = free.length > 0 ? rnd.pick(free) : `${rnd.pick(TITLES[kind])} (${used.size})`;
    used.add(title);
    return title;
  };

  const difficultyLabel = (repo: WorldRepo): string[] => {
    const names = repo.labels.filter((l) => !l.default).map((l) => l.name);
    return names.length > 0 && rnd.chance(0.75) ? [rnd.pick(names)] : [];
  };

  const comments = (repo: WorldRepo, from: number, to: number, max: number): WorldComment[] => {
    const count = rnd.int(0, max);
    const list: WorldComment[] = [];
    const who = readers(repo).filter((l) => l !== 'newbie-nia');
    let at = from;
    for (let i = 0; i < count && at < to; i++) {
      at = rnd.time(at + 60_000, Math.min(to, at + 10 * DAY));
      list.push({
        id: 0,
        author: rnd.pick(who),
        body: rnd.pick(COMMENT_BODIES),
        createdAt: iso(at),
        updatedAt: iso(at),
      });
    }
    return list;
  };

  const newIssueDraft = (
    repo: WorldRepo,
    kind: Kind,
    author: string,
    createdAt: number,
    extraLabels: string[],
  ): Draft => {
    const draft: Draft = {
      kind,
      seq: seq++,
      issue: openItem({
        title: titleFor(repo, kind),
        body: issueBody(kind, rnd),
        author,
        labels: [...new Set([kind, ...extraLabels])],
        createdAt,
      }),
    };
    drafts.get(repo)?.push(draft);
    return draft;
  };

  // Standalone issues: the first two of each public repository are open and welcoming, so the
  // suggestions feature finds 'good first issue' and 'help wanted' work in every language.
  for (const repo of repos) {
    const start = ms(repo.createdAt) + DAY;
    const authors = readers(repo);
    const count = rnd.int(4, 7);
    for (let i = 0; i < count; i++) {
      const welcoming = !repo.private && i < 2;
      const kind: Kind = welcoming
        ? rnd.pick(['bug', 'enhancement'] as const)
        : rnd.pick(['bug', 'enhancement', 'enhancement', 'documentation'] as const);
      const extra: string[] = [];
      if (welcoming) extra.push(i === 0 ? 'good first issue' : 'help wanted');
      else if (rnd.chance(0.3)) extra.push(rnd.pick(['good first issue', 'help wanted']));
      extra.push(...difficultyLabel(repo));
      const open = welcoming || rnd.chance(0.55);
      const created = open
        ? rnd.time(Math.max(start, WORLD_NOW - 150 * DAY), WORLD_NOW - 2 * DAY)
        : rnd.time(start, WORLD_NOW - 60 * DAY);
      const draft = newIssueDraft(repo, kind, rnd.pick(authors), created, extra);
      const closeAt = open ? WORLD_NOW - DAY : rnd.time(created + DAY, created + 40 * DAY);
      draft.issue.comments = comments(repo, created, closeAt, 3);
      if (!open) {
        const canClose = pushers(repo);
        const closer = rnd.pick(canClose.length > 0 ? canClose : [repo.owner]);
        draft.issue.state = 'closed';
        draft.issue.stateReason = rnd.chance(0.7) ? 'completed' : 'not_planned';
        draft.issue.closedAt = iso(closeAt);
        draft.issue.closedBy = closer;
      }
    }
  }

  // Pull requests: the named users' hand-placed ones, then seeded filler from other users.
  const plans = namedPullPlans(REPOS.filter((r) => !r.private));
  const fillerAuthors = users.map((u) => u.login).filter((login) => !NAMED.has(login));
  for (const repo of repos) {
    const candidates = readers(repo).filter((login) => fillerAuthors.includes(login));
    const count = rnd.int(2, 4);
    for (let i = 0; i < count && candidates.length > 0; i++) {
      const roll = rnd.float();
      const outcome: PullPlan['outcome'] =
        roll < 0.55
          ? 'merged'
          : roll < 0.8
            ? 'open'
            : roll < 0.9
              ? 'closed-reviewed'
              : 'closed-unreviewed';
      plans.push({ repo: `${repo.owner}/${repo.name}`, author: rnd.pick(candidates), outcome });
    }
  }

  for (const plan of plans) {
    const repo = repoByName.get(plan.repo);
    if (!repo) throw new Error(`unknown repository in plan: ${plan.repo}`);
    const start = ms(repo.createdAt) + DAY;
    const open = plan.outcome === 'open';
    const issueCreated = open
      ? rnd.time(Math.max(start, WORLD_NOW - 90 * DAY), WORLD_NOW - 12 * DAY)
      : rnd.time(start, WORLD_NOW - 40 * DAY);
    const kind = rnd.pick(['bug', 'enhancement', 'documentation'] as const);
    const issueAuthor = rnd.pick(readers(repo).filter((l) => l !== 'newbie-nia'));
    const target = newIssueDraft(repo, kind, issueAuthor, issueCreated, difficultyLabel(repo));
    const prCreated = rnd.time(issueCreated + 3_600_000, issueCreated + 9 * DAY);
    const reviewersPool = pushers(repo).filter((l) => l !== plan.author);
    const headSeed = `${plan.repo}:${seq}`;
    const pull: WorldIssue['pull'] = {
      id: 0,
      headRef: `${plan.author}/${slug(target.issue.title)}`,
      headSha: sha(`${headSeed}:head`),
      baseRef: 'main',
      baseSha: sha(`${headSeed}:base`),
      draft: false,
      merged: false,
      mergedAt: null,
      mergedBy: null,
      mergeCommitSha: null,
      commits: rnd.int(1, 8),
      additions: rnd.int(3, 420),
      deletions: rnd.int(0, 180),
      changedFiles: rnd.int(1, 12),
      reviews: [],
    };
    const prDraft: Draft = {
      kind,
      seq: seq++,
      fixes: target,
      issue: {
        ...openItem({
          title: `${prefix(kind)}: ${lowerFirst(target.issue.title)}`,
          body: null,
          author: plan.author,
          labels: [],
          createdAt: prCreated,
        }),
        pull,
      },
    };
    drafts.get(repo)?.push(prDraft);

    const review = (state: WorldReview['state'], at: number, author?: string): void => {
      const who = author ?? (reviewersPool.length > 0 ? rnd.pick(reviewersPool) : undefined);
      if (!who) return;
      pull.reviews.push({
        id: 0,
        author: who,
        state,
        body: rnd.pick(REVIEW_BODIES[state]),
        submittedAt: iso(at),
        commitId: pull.headSha,
      });
    };

    if (plan.outcome === 'merged') {
      const mergedAt = rnd.time(prCreated + 3_600_000, prCreated + 12 * DAY);
      if (reviewersPool.length > 0 && rnd.chance(0.2)) {
        review('CHANGES_REQUESTED', rnd.time(prCreated, prCreated + (mergedAt - prCreated) / 2));
      }
      const merger = reviewersPool.length > 0 ? rnd.pick(reviewersPool) : plan.author;
      if (merger !== plan.author && rnd.chance(0.9)) {
        review('APPROVED', rnd.time(mergedAt - 3_600_000, mergedAt - 60_000), merger);
      }
      Object.assign(pull, {
        merged: true,
        mergedAt: iso(mergedAt),
        mergedBy: merger,
        mergeCommitSha: sha(`${headSeed}:merge`),
      });
      Object.assign(prDraft.issue, {
        state: 'closed',
        closedAt: iso(mergedAt),
        closedBy: merger,
      });
      Object.assign(target.issue, {
        state: 'closed',
        stateReason: 'completed',
        closedAt: iso(mergedAt),
        closedBy: merger,
      });
      target.issue.comments = comments(repo, issueCreated, prCreated, 2);
    } else if (plan.outcome === 'open') {
      if (rnd.chance(0.4)) review('COMMENTED', rnd.time(prCreated, WORLD_NOW - DAY));
      target.issue.comments = comments(repo, issueCreated, WORLD_NOW - DAY, 2);
    } else {
      const closedAt = rnd.time(prCreated + 3_600_000, prCreated + 15 * DAY);
      if (plan.outcome === 'closed-reviewed') {
        review('CHANGES_REQUESTED', rnd.time(prCreated, closedAt - 60_000));
      }
      const closer = reviewersPool.length > 0 ? rnd.pick(reviewersPool) : plan.author;
      Object.assign(prDraft.issue, {
        state: 'closed',
        closedAt: iso(closedAt),
        closedBy: closer,
      });
    }
  }

  // Number per repository in creation order, then assign global ids in that same order.
  for (const repo of repos) {
    const list = (drafts.get(repo) ?? []).sort(
      (a, b) => ms(a.issue.createdAt) - ms(b.issue.createdAt) || a.seq - b.seq,
    );
    const numbers = new Map<Draft, number>();
    list.forEach((d, i) => numbers.set(d, i + 1));
    let latest = ms(repo.createdAt);
    for (const draft of list) {
      const issue: WorldIssue = { id: ++issueId, number: numbers.get(draft) ?? 0, ...draft.issue };
      if (issue.pull) {
        issue.pull.id = ++pullId;
        for (const r of issue.pull.reviews) r.id = ++reviewId;
      }
      for (const c of issue.comments) c.id = ++commentId;
      if (draft.fixes) {
        const n = numbers.get(draft.fixes) ?? 0;
        issue.body = `Fixes #${n}\n\n${pullSummary(draft.kind, rnd)}`;
      }
      const touched = [
        issue.createdAt,
        issue.closedAt,
        ...issue.comments.map((c) => c.createdAt),
        ...(issue.pull?.reviews.map((r) => r.submittedAt) ?? []),
      ].filter((d): d is string => d !== null);
      const updated = Math.max(...touched.map(ms));
      issue.updatedAt = iso(updated);
      latest = Math.max(latest, updated);
      repo.issues.push(issue);
    }
    repo.updatedAt = iso(latest);
    repo.pushedAt = iso(latest);
  }

  return { version: 1, seed, users, orgs, repos };
}

/** A new open issue or pull request, as drafted before it is numbered. */
function openItem(fields: {
  title: string;
  body: string | null;
  author: string;
  labels: string[];
  createdAt: number;
}): Omit<WorldIssue, 'number' | 'id'> {
  return {
    title: fields.title,
    body: fields.body,
    author: fields.author,
    state: 'open',
    stateReason: null,
    labels: fields.labels,
    assignees: [],
    locked: false,
    createdAt: iso(fields.createdAt),
    updatedAt: iso(fields.createdAt),
    closedAt: null,
    closedBy: null,
    comments: [],
  };
}

function readmeFor(repo: RepoSeed, primary: string): string {
  const install = INSTALL[primary] ?? 'make';
  return [
    `# ${repo.name}`,
    '',
    repo.description,
    '',
    '## Getting started',
    '',
    '```sh',
    `git clone https://github.com/${repo.owner}/${repo.name}.git`,
    `cd ${repo.name}`,
    install,
    '```',
    '',
    '## Contributing',
    '',
    'Issues labelled `good first issue` are a good place to start. Please open a pull request',
    'that references the issue it fixes (`Fixes #123`).',
    '',
  ].join('\n');
}

function issueBody(kind: Kind, rnd: Random): string {
  const bodies: Record<Kind, string[]> = {
    bug: [
      '### Steps to reproduce\n\n1. Run the command\n2. See the error\n\n### Expected\n\nNo error.',
      'This started after the last upgrade. Logs attached below.',
      'Happens about one time in ten.',
    ],
    enhancement: [
      'It would be useful for larger projects.',
      '### Motivation\n\nSeveral users asked for this.\n\n### Proposal\n\nA small, optional flag.',
      'Other tools in this space already support it.',
    ],
    documentation: ['The current docs do not mention this.', 'New contributors keep asking.'],
  };
  return rnd.pick(bodies[kind]);
}

function pullSummary(kind: Kind, rnd: Random): string {
  const lines: Record<Kind, string[]> = {
    bug: ['Adds a regression test and fixes the root cause.', 'Small, targeted fix.'],
    enhancement: ['Implements the proposal from the issue.', 'Behind an option, off by default.'],
    documentation: ['Docs only.', 'Rewrites the section and adds examples.'],
  };
  return rnd.pick(lines[kind]);
}

const prefix = (kind: Kind): string =>
  kind === 'bug' ? 'fix' : kind === 'enhancement' ? 'feat' : 'docs';

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40)
    .replace(/-$/, '');
