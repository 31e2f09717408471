import type { WorldUser } from '@openstake/github-sim';
import { LANGUAGE_COLORS, type RankName } from '@openstake/core';
import { DemoRandom } from './demo-random';

/**
 * The demo's contributors (issue 11: the hire directory is useful at the first start): who they
 * are and what they chose, not yet what they did (plan-demo-work.ts). Pure and deterministic.
 *
 * Every one has a GitHub account on the simulator, which the seed links, so their login is
 * proven as a real contributor's is (the directory lists only proven logins) and a visitor can
 * sign in as them with 'Sign in with GitHub'. A few are the simulator's own users: only users no
 * end-to-end test and no README step links itself are used (a GitHub account links to one
 * OpenStake user): octo-dev, newbie-nia, prolific-pat, sam-rustacean, gopher-gus, ruby-raj,
 * java-jane, kai-kotlin and mia-maintainer stay free. The others have made-up usernames, whose
 * accounts the demo adds to the simulator's world when it starts it (DEMO_GITHUB_USERS).
 */

export interface DemoContributor {
  /** Position in the cast; it seeds this contributor's own random history. */
  index: number;
  githubUsername: string;
  /**
   * Whose GitHub account they have: one of the simulator's own users ('simulator', with a
   * history of merged pull requests on it), or one the demo adds to it ('added', with none).
   */
  account: 'simulator' | 'added';
  /** An added account's primary email; a simulator user's comes from the simulator. */
  email: string | null;
  name: string | null;
  bio: string | null;
  listedInDirectory: boolean;
  emailVisibleToCompanies: boolean;
  companiesMayContact: boolean;
  /** Most used first; the synthetic repository analysis is built from them. */
  languages: string[];
  /** Where their XP lands. */
  rank: RankName;
  /** Days since they last used OpenStake, 0 to 89. */
  daysSinceActive: number;
  /** Days between sign-up and that last use. */
  daysMember: number;
  /** Repositories they may push to (simulator world): they never stake there (decision 007). */
  canPushTo: string[];
  /** One stake still pending at the end (the poll reads it with their token). */
  pendingStake: boolean;
}

const DEMO_CONTRIBUTOR_SEED = 20261124;

const SIMULATOR_USERS: Omit<DemoContributor, 'index' | 'email' | 'account'>[] = [
  {
    githubUsername: 'cpp-carlos',
    name: 'Carlos Ruiz',
    bio: 'Graphics programming and modern C++.',
    listedInDirectory: true,
    emailVisibleToCompanies: true,
    companiesMayContact: true,
    languages: ['C++', 'C', 'Rust'],
    rank: 'Open Source Legend',
    daysSinceActive: 1,
    daysMember: 300,
    // A collaborator with write access there.
    canPushTo: ['pixel-forge/pixel-ui'],
    pendingStake: true,
  },
  {
    githubUsername: 'devon-docs',
    name: 'Devon Reed',
    bio: 'Technical writer who also writes JavaScript.',
    listedInDirectory: true,
    emailVisibleToCompanies: true,
    companiesMayContact: true,
    languages: ['JavaScript', 'TypeScript'],
    rank: 'Code Expert',
    daysSinceActive: 3,
    daysMember: 240,
    canPushTo: [],
    pendingStake: true,
  },
  {
    githubUsername: 'tess-tester',
    name: 'Tess Tan',
    bio: 'If it is not tested, it is broken.',
    listedInDirectory: true,
    emailVisibleToCompanies: false,
    companiesMayContact: true,
    languages: ['TypeScript', 'Python', 'Go'],
    rank: 'Code Master',
    daysSinceActive: 0,
    daysMember: 150,
    canPushTo: [],
    pendingStake: true,
  },
  {
    githubUsername: 'ops-olga',
    name: 'Olga Ivanova',
    bio: 'Infrastructure, CI pipelines and on-call stories.',
    listedInDirectory: true,
    emailVisibleToCompanies: false,
    companiesMayContact: false,
    languages: ['Go', 'Shell', 'Python'],
    rank: 'Code Contributor',
    daysSinceActive: 6,
    daysMember: 80,
    canPushTo: [],
    pendingStake: true,
  },
  {
    githubUsername: 'rita-reader',
    name: 'Rita Reader',
    bio: 'Reads more code than she writes.',
    listedInDirectory: true,
    emailVisibleToCompanies: false,
    companiesMayContact: true,
    languages: ['Java', 'Kotlin'],
    rank: 'Code Novice',
    daysSinceActive: 12,
    daysMember: 40,
    canPushTo: [],
    pendingStake: false,
  },
];

const NAMES = [
  'Amara Okoye',
  'Lukas Becker',
  'Priya Raman',
  'Mateo García',
  'Yuki Tanaka',
  'Chloé Dubois',
  'Tomás Silva',
  'Ingrid Johansson',
  'Kwame Mensah',
  'Sofia Rossi',
  'Arjun Mehta',
  'Hannah Schmidt',
  'Diego Fernández',
  'Mei Lin',
  'Oluwaseun Adeyemi',
  'Emma Virtanen',
  'Rafael Costa',
  'Aisha Khan',
  'Jonas Nielsen',
  'Camila Rojas',
  'Hiroshi Nakamura',
  'Zainab Bello',
  'Marek Nowak',
  'Laura Martínez',
  'Samuel Osei',
  'Anya Petrova',
  'Daniel Cohen',
  'Fatima Zahra',
  'Noah Williams',
  'Leila Haddad',
  'Ethan Brooks',
  'Valentina Moreno',
  'Kenji Watanabe',
  'Nadia Popescu',
  'Oscar Lindqvist',
  'Grace Mwangi',
  'Pierre Laurent',
  'Sana Qureshi',
  'Felix Wagner',
  'Isabela Santos',
  'Aleksander Kowalski',
  'Ji-woo Park',
  'Thandiwe Ndlovu',
  'Lucas Moreau',
  'Elif Yılmaz',
  'Omar Al-Sayed',
  'Olivia Chen',
  'Bruno Carvalho',
  'Ayumi Sato',
  "Patrick O'Brien",
  'Nia Thompson',
  'Viktor Horvat',
  'Rosa Jiménez',
  'Tariq Hassan',
  'Freya Andersen',
] as const;

/**
 * How many contributors of each rank have made-up usernames (55; with the 5 simulator users the
 * directory starts with 60). Most are new, as on a young platform. The top ranks take long
 * histories, which only the simulator's own users shorten with merges without a stake
 * (plan-demo-work.ts), so they hold them and the seed stays quick.
 */
const RANK_COUNTS: Readonly<Record<RankName, number>> = {
  'Open Source Legend': 0,
  'Code Expert': 0,
  'Code Master': 2,
  'Code Contributor': 8,
  'Code Apprentice': 17,
  'Code Novice': 28,
};

const COMMON_LANGUAGES: Readonly<Record<string, number>> = {
  TypeScript: 18,
  Python: 16,
  JavaScript: 14,
  Go: 9,
  Java: 8,
  Rust: 7,
};

/** Core's named languages and a few others, with the weight of their share among the cast. */
const LANGUAGE_WEIGHTS: readonly (readonly [string, number])[] = [
  ...Object.keys(LANGUAGE_COLORS).map((name) => [name, COMMON_LANGUAGES[name] ?? 4] as const),
  ['Kotlin', 4],
  ['C#', 4],
  ['Shell', 3],
  ['C', 3],
  ['Elixir', 2],
  ['Scala', 2],
  ['Dart', 2],
  ['Haskell', 1],
];

const BIOS = [
  '{0} developer. Mostly backend, sometimes docs.',
  'Open source since university. {0} and {1}.',
  'Student. Learning {0} by fixing good first issues.',
  'Staff engineer by day, {0} reviewer by night.',
  'Performance nerd: profilers, flame graphs, {0}.',
  'Accessibility advocate. Front-end work in {0}.',
  'Data engineer: pipelines, {0}, a lot of SQL.',
  'Freelancer, open to {0} contracts.',
  'Maintains a few small {0} libraries.',
  'Writes the test first. {0}, {1}.',
  'Bootcamp graduate, now shipping {0} every week.',
  'Security-minded {0} developer; reads CVEs for fun.',
];

/** GitHub usernames are ASCII letters, digits and single hyphens. */
const slug = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '');

function usernameFor(name: string, index: number): string {
  const [first = '', last = ''] = name.split(' ').map(slug);
  const styles = [
    `${first}-${last}`,
    `${first}${last}`,
    `${first.slice(0, 1)}${last}`,
    `${first}-codes`,
    `${last}-${first}`,
    `${first}${String(80 + ((index * 7) % 20))}`,
    `${first}-dev`,
    `${last}${first.slice(0, 1)}`,
  ];
  return styles[index % styles.length] ?? `${first}-${last}`;
}

function pickLanguages(random: DemoRandom): string[] {
  const count = random.pick([1, 1, 2, 2, 2, 3, 3, 3, 4]);
  const chosen: string[] = [];
  while (chosen.length < count) {
    const pool = LANGUAGE_WEIGHTS.filter(([name]) => !chosen.includes(name));
    let ticket = random.float() * pool.reduce((sum, [, weight]) => sum + weight, 0);
    const [name] = pool.find(([, weight]) => (ticket -= weight) < 0) ?? pool.at(-1) ?? ['Go'];
    chosen.push(name);
  }
  return chosen;
}

const DAYS_MEMBER: Readonly<Record<RankName, readonly [number, number]>> = {
  'Code Novice': [10, 120],
  'Code Apprentice': [30, 200],
  'Code Contributor': [90, 280],
  'Code Master': [150, 330],
  'Code Expert': [200, 360],
  'Open Source Legend': [250, 360],
};

function buildCast(): DemoContributor[] {
  const random = new DemoRandom(DEMO_CONTRIBUTOR_SEED);
  const ranks = random.shuffle(
    Object.entries(RANK_COUNTS).flatMap(([rank, count]) =>
      Array.from({ length: count }, () => rank as RankName),
    ),
  );
  if (ranks.length !== NAMES.length) throw new Error('demo cast: one rank per name');
  // The two who hide from companies: the first Code Contributor and the first Code Novice.
  const hidden = new Set([ranks.indexOf('Code Contributor'), ranks.indexOf('Code Novice')]);
  const simulatorUsers = SIMULATOR_USERS.map((c, index): DemoContributor => ({
    ...c,
    index,
    account: 'simulator',
    email: null,
  }));
  const invented = NAMES.map((name, i): DemoContributor => {
    const index = SIMULATOR_USERS.length + i;
    const rank = ranks[i] ?? 'Code Novice';
    const githubUsername = usernameFor(name, i);
    const languages = pickLanguages(random);
    const [low, high] = DAYS_MEMBER[rank];
    const template = random.chance(0.65) ? random.pick(BIOS) : null;
    return {
      index,
      githubUsername,
      account: 'added',
      email: `${githubUsername}@example.${['com', 'org', 'net'][i % 3] ?? 'com'}`,
      // A few never filled in their name.
      name: i % 13 === 7 ? null : name,
      bio:
        template
          ?.replace('{0}', languages[0] ?? 'TypeScript')
          .replace('{1}', languages[1] ?? 'SQL') ?? null,
      listedInDirectory: !hidden.has(i),
      emailVisibleToCompanies: i % 3 === 0,
      companiesMayContact: i % 12 !== 5,
      languages,
      rank,
      daysSinceActive: random.chance(0.55) ? random.int(0, 29) : random.int(30, 89),
      daysMember: random.int(low, high),
      canPushTo: [],
      pendingStake: false,
    };
  });
  return [...simulatorUsers, ...invented];
}

export const DEMO_CONTRIBUTORS: readonly DemoContributor[] = buildCast();

/** The demo's added accounts' ids on the simulator: above its own users and organizations. */
const FIRST_ADDED_GITHUB_ID = 11_000;

/**
 * The GitHub accounts the demo adds to the simulator's world for its contributors with made-up
 * usernames: the profile GitHub shows (name, bio, followers) and the primary email the seed
 * signs them up with, kept private as most are. Dates lie before the simulator's own fixture
 * dates end (2025-06-01), as the world's do.
 */
export const DEMO_GITHUB_USERS: readonly WorldUser[] = DEMO_CONTRIBUTORS.filter(
  (c) => c.account === 'added',
).map((c) => {
  const created = new Date(Date.UTC(2019, 0, 1) + c.index * 17 * 86_400_000).toISOString();
  return {
    id: FIRST_ADDED_GITHUB_ID + c.index,
    login: c.githubUsername,
    name: c.name,
    company: null,
    blog: '',
    location: null,
    bio: c.bio,
    email: c.email ?? `${c.githubUsername}@users.noreply.github.com`,
    emailPublic: false,
    twitterUsername: null,
    hireable: true,
    followers: (c.index * 37) % 120,
    following: (c.index * 11) % 40,
    createdAt: created.replace(/\.\d{3}Z$/, 'Z'),
    updatedAt: '2025-05-01T00:00:00Z',
  };
});
