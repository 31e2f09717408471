/**
 * What writes an organization's context and the advice in an issue's guidance comment: a
 * language model behind an OpenAI-compatible API when one is configured, otherwise the
 * repositories' own GitHub metadata and READMEs. Providers never call GitHub: the caller gathers
 * the facts, so every provider sees the same ones.
 */

/** The context is saved as it is generated; the save route accepts at most this many characters. */
export const MAX_CONTEXT_CHARS = 20_000;

export interface RepositoryFacts {
  fullName: string;
  htmlUrl: string;
  description: string | null;
  language: string | null;
  /** Bytes of code per language, as GitHub counts them. */
  languages: Record<string, number>;
  topics: string[];
  stargazersCount: number;
  readme: string | null;
}

export interface IssueFacts {
  /** `owner/repo` */
  repository: string;
  number: number;
  title: string;
  body: string;
  labels: string[];
}

export interface ContextProvider {
  readonly kind: 'metadata' | 'openai-compatible';
  /** A Markdown description of the organization's repositories for contributors. */
  generateContext(input: {
    organization: string;
    repositories: RepositoryFacts[];
  }): Promise<string>;
  /** A few lines of advice for one issue, drawn from the saved context; null when it has none. */
  issueNotes(input: {
    organization: string;
    context: string;
    issue: IssueFacts;
  }): Promise<string | null>;
}

const STOPWORDS = new Set(
  (
    'about after again also because been before being between both could does doing during each ' +
    'from have having here into just more most must only other over same should some such than ' +
    'that their them then there these they this those through under until very were what when ' +
    'where which while will with would your issue issues please when make made need needs fix ' +
    'fixes fixed error errors expected steps reproduce using used work works working'
  ).split(' '),
);

/** The words of a text that can tie it to something else: lower case, 4+ letters, no filler. */
export function significantWords(text: string): Set<string> {
  const words = text.toLowerCase().match(/[a-z][a-z0-9]{3,}/g) ?? [];
  return new Set(words.filter((w) => !STOPWORDS.has(w)));
}
