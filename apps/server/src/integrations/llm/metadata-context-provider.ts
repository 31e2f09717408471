import {
  MAX_CONTEXT_CHARS,
  significantWords,
  type ContextProvider,
  type IssueFacts,
  type RepositoryFacts,
} from './context-provider';

const README_HEADING = 'From README.md:';
const HEADER_START = 'Context from GitHub:';
// The lines this provider writes itself say nothing about an issue.
const TEMPLATE_LINE = new RegExp(
  `^(?:${README_HEADING}|${HEADER_START}|- (?:Repository|Languages|Topics|Stars): |No README\\.$)`,
);
const README_MAX_CHARS = 1_500;
const README_MIN_CHARS = 200;
const MAX_NOTE_LINES = 3;

function languageLine(repo: RepositoryFacts): string {
  const total = Object.values(repo.languages).reduce((a, b) => a + b, 0);
  if (total === 0) return repo.language ?? 'not detected';
  return Object.entries(repo.languages)
    .sort((a, b) => b[1] - a[1])
    .map(([name, bytes]) => ({ name, percent: Math.round((bytes * 100) / total) }))
    .filter((l) => l.percent > 0)
    .map((l) => `${l.name} ${l.percent}%`)
    .join(', ');
}

/**
 * The README, shortened at a paragraph boundary, with its headings moved below the repository's
 * own heading and badges and HTML comments left out.
 */
export function readmeExcerpt(
  readme: string,
  repo: { name: string; description: string | null },
  limit: number,
): string {
  const lines = readme
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\r\n/g, '\n')
    .split('\n');
  const first = lines.findIndex((l) => l.trim() !== '');
  // The README's title usually repeats the repository name, which the section heading shows.
  if (first >= 0 && lines[first]?.trim().toLowerCase() === `# ${repo.name}`.toLowerCase()) {
    lines.splice(first, 1);
  }
  let text = lines
    .filter((l) => !/^\s*(\[!\[|!\[)/.test(l))
    .map((l) => l.replace(/^#{1,6}\s+/, '#### '))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  // Nor its first paragraph when it only repeats the description, shown just above.
  const description = repo.description?.trim();
  if (description && text.startsWith(description)) {
    const rest = text.slice(description.length);
    if (rest === '' || rest.startsWith('\n\n')) text = rest.trim();
  }
  if (text.length > limit) {
    const cut = text.lastIndexOf('\n\n', limit);
    text = `${text.slice(0, cut > limit / 2 ? cut : limit).trimEnd()}\n\n…`;
    // A cut inside a code block would leave the rest of the document in it.
    if ((text.match(/^```/gm) ?? []).length % 2 === 1) text = text.replace(/\n\n…$/, '\n```\n\n…');
  }
  return text;
}

function repositorySection(repo: RepositoryFacts, readmeLimit: number): string {
  const name = repo.fullName.split('/')[1] ?? repo.fullName;
  const facts = [
    `- Repository: ${repo.htmlUrl}`,
    `- Languages: ${languageLine(repo)}`,
    ...(repo.topics.length ? [`- Topics: ${repo.topics.join(', ')}`] : []),
    `- Stars: ${repo.stargazersCount}`,
  ];
  const parts = [`## ${repo.fullName}`];
  if (repo.description) parts.push(repo.description);
  parts.push(facts.join('\n'));
  if (repo.readme?.trim()) {
    const excerpt = readmeExcerpt(
      repo.readme,
      { name, description: repo.description },
      readmeLimit,
    );
    if (excerpt) parts.push(`${README_HEADING}\n\n${excerpt}`);
  } else {
    parts.push('No README.');
  }
  return parts.join('\n\n');
}

/** The default provider: no model, only what GitHub says about each repository. */
export class MetadataContextProvider implements ContextProvider {
  readonly kind = 'metadata' as const;

  generateContext(input: {
    organization: string;
    repositories: RepositoryFacts[];
  }): Promise<string> {
    const { organization, repositories } = input;
    const count = repositories.length;
    const header = [
      `# ${organization}`,
      `${HEADER_START} the description, languages, topics and README of ${count} ` +
        `${count === 1 ? 'repository' : 'repositories'}. Edit it to add what contributors ` +
        'should know: conventions, where to start, how to run the tests.',
    ].join('\n\n');
    // Share the length the context may have between the repositories.
    const readmeLimit = Math.max(
      README_MIN_CHARS,
      Math.min(
        README_MAX_CHARS,
        Math.floor((MAX_CONTEXT_CHARS - 1_000) / Math.max(count, 1)) - 500,
      ),
    );
    const text = [header, ...repositories.map((r) => repositorySection(r, readmeLimit))].join(
      '\n\n',
    );
    return Promise.resolve(text.slice(0, MAX_CONTEXT_CHARS));
  }

  /**
   * The lines of the context that share words with the issue's title and labels, from the general
   * part and the issue's own repository's section, best first (at most three, in document order).
   */
  issueNotes(input: { context: string; issue: IssueFacts }): Promise<string | null> {
    const words = significantWords(`${input.issue.title} ${input.issue.labels.join(' ')}`);
    if (words.size === 0) return Promise.resolve(null);
    const repository = input.issue.repository.toLowerCase();
    let section: string | null = null;
    let inCode = false;
    const scored: { index: number; line: string; score: number }[] = [];
    input.context.split('\n').forEach((raw, index) => {
      const line = raw.trim();
      if (line.startsWith('```')) {
        inCode = !inCode;
        return;
      }
      const heading = /^##\s+(\S+\/\S+)\s*$/.exec(line)?.[1];
      if (heading) {
        section = heading.toLowerCase();
        return;
      }
      if (inCode || line === '' || line.startsWith('#') || TEMPLATE_LINE.test(line)) return;
      if (section !== null && section !== repository) return;
      const lineWords = significantWords(line);
      const score = [...words].filter((w) => lineWords.has(w)).length;
      if (score > 0) scored.push({ index, line, score });
    });
    const best = scored
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, MAX_NOTE_LINES)
      .sort((a, b) => a.index - b.index);
    if (best.length === 0) return Promise.resolve(null);
    return Promise.resolve(
      ['From the project context:', ...best.map((b) => `- ${b.line.replace(/^[-*]\s+/, '')}`)].join(
        '\n',
      ),
    );
  }
}
