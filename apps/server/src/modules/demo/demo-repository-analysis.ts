import { languageShares, type RepositoryAnalysis } from '@openstake/core';
import type { DemoContributor } from './demo-contributors';
import { DemoRandom } from './demo-random';

const REPOSITORY_NAMES = [
  'dotfiles',
  'playground',
  'tiny-http',
  'budget-tracker',
  'cli-tools',
  'blog',
  'recipes-api',
  'weather-bot',
  'pathfinder',
  'kv-store',
  'markdown-preview',
  'chess-engine',
  'habit-tracker',
  'advent-of-code',
];

const DESCRIPTIONS = [
  'A weekend project that got out of hand.',
  'Small and fast, no dependencies.',
  'Experiments, notes and benchmarks.',
  null,
];

/**
 * A demo contributor's repository analysis, in the shape analyzeRepositories writes from GitHub:
 * a few public repositories in their languages (most bytes in their first language) and the
 * languages' real shares of those bytes. Made up like the contributor; a linked contributor's own
 * 'Analyze repositories' replaces it with their simulator repositories.
 */
export function demoRepositoryAnalysis(
  contributor: DemoContributor,
  input: { webUrl: string; analyzedAt: Date },
): RepositoryAnalysis {
  const random = new DemoRandom(contributor.index * 31_337 + 11);
  const { languages, githubUsername } = contributor;
  const count = Math.min(6, languages.length + random.int(0, 2));
  const names = random.sample(REPOSITORY_NAMES, count);
  const repositories = names.map((name, k) => {
    const position = k % languages.length;
    const language = languages[position] ?? 'Markdown';
    return {
      summary: {
        id: 900_000 + contributor.index * 10 + k,
        name,
        fullName: `${githubUsername}/${name}`,
        description: random.pick(DESCRIPTIONS),
        language,
        stargazersCount: random.chance(0.3) ? random.int(10, 900) : random.int(0, 9),
        forksCount: random.int(0, 40),
        updatedAt: new Date(input.analyzedAt.getTime() - random.int(1, 200) * 86_400_000)
          .toISOString()
          .replace(/\.\d{3}Z$/, 'Z'),
        htmlUrl: `${input.webUrl}/${githubUsername}/${name}`,
      },
      bytes: { [language]: (languages.length - position) * random.int(40_000, 90_000) },
    };
  });
  const shares = languageShares(repositories.map((r) => r.bytes));
  return {
    repositories: repositories.map((r) => r.summary),
    topLanguages: shares.map((s) => s.name),
    languages: shares,
    analyzedAt: input.analyzedAt.toISOString(),
  };
}
