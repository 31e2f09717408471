import { AppError } from '../../errors';

/** owner, repo and number from a pull request URL such as https://github.com/o/r/pull/12. */
export function parsePullRequestUrl(url: string): { owner: string; repo: string; number: number } {
  const match =
    /^https?:\/\/[^/\s]+\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)\/pull\/(\d+)\/?(?:[?#].*)?$/.exec(
      url.trim(),
    );
  const [, owner, repo, number] = match ?? [];
  if (!owner || !repo || !number) {
    throw new AppError('BAD_REQUEST', {
      message:
        'Please provide a valid pull request URL, like https://github.com/owner/repo/pull/123',
      field: 'prUrl',
    });
  }
  return { owner, repo, number: Number(number) };
}
