import { AppError } from '../../errors';

export interface RepositoryLink {
  owner: string;
  repo: string;
  htmlUrl: string;
}

/**
 * Reads repository links (`https://github.com/{owner}/{repo}`) and accepts only repositories of
 * the organization: a context, and the keys made from it, speak for that organization alone.
 * Duplicates are dropped.
 */
export function parseRepositoryLinks(
  links: readonly string[],
  input: { organization: string; githubWebUrl: string; field: string },
): RepositoryLink[] {
  const web = new URL(input.githubWebUrl);
  const webPath = web.pathname.replace(/\/+$/, '');
  const seen = new Map<string, RepositoryLink>();
  links.forEach((link, index) => {
    const refuse = (why: string) =>
      new AppError('BAD_REQUEST', { message: `${link} ${why}`, field: `${input.field}.${index}` });
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      throw refuse('is not a URL');
    }
    if (url.origin !== web.origin || !url.pathname.startsWith(`${webPath}/`)) {
      throw refuse(`is not a repository on ${web.host}`);
    }
    const parts = url.pathname
      .slice(webPath.length + 1)
      .replace(/\/+$/, '')
      .replace(/\.git$/, '')
      .split('/');
    const [owner, repo] = parts;
    if (parts.length !== 2 || !owner || !repo) throw refuse('is not a repository link');
    if (owner.toLowerCase() !== input.organization.toLowerCase()) {
      throw refuse(`is not a repository of ${input.organization}`);
    }
    const key = `${owner}/${repo}`.toLowerCase();
    if (!seen.has(key))
      seen.set(key, { owner, repo, htmlUrl: `${web.origin}${webPath}/${owner}/${repo}` });
  });
  return [...seen.values()];
}
