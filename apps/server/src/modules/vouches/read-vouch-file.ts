import { parseVouchFile, VOUCH_FILE_PATH, vouchFileEntries } from '@openstake/core';
import type { AppContext } from '../../context';
import { githubAccessOf } from '../github/github-account';
import { findConnectedRepository } from '../repositories/connected-repository';
import { replaceFileVouches, vouchedIdsByLogin } from './vouch-store';

/** A file longer than this is read only this far: each new login is one call to GitHub. */
const MAX_FILE_ENTRIES = 1000;

/**
 * Reads a connected repository's `.github/VOUCHED.td` (decision 015, part 3) when it is connected
 * and when a push to its default branch touches the file: its GitHub entries become vouches of
 * source 'file', by GitHub id (a login is asked of GitHub once, then known by the rows), and the
 * file's rows whose user left the file go. A word said in OpenStake (settings, a pull request, a
 * command) stays whatever the file says. Read with the app's installation token when the
 * repository is connected through the app, else with the token of the maintainer who connected
 * it; a repository nobody can read it for is left as it is.
 */
export async function readVouchFile(
  input: { repositoryFullName: string },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github' | 'githubApp' | 'clock' | 'log'>,
): Promise<{ entries: number } | null> {
  const repository = await findConnectedRepository(ctx.db, input.repositoryFullName);
  if (!repository) return null;
  const token =
    repository.installationId !== null && ctx.githubApp
      ? await ctx.githubApp.installationToken(repository.installationId)
      : repository.connectedBy
        ? (await githubAccessOf(repository.connectedBy, ctx))?.token
        : undefined;
  if (!token) return null;
  const [owner = '', repo = ''] = repository.fullName.split('/');
  const file = await ctx.github.fileContents(token, { owner, repo, path: VOUCH_FILE_PATH });
  const lines = file ? vouchFileEntries(parseVouchFile(file.text)) : [];
  if (lines.length > MAX_FILE_ENTRIES) {
    ctx.log.warn(
      { repository: repository.fullName, entries: lines.length },
      `VOUCHED.td has more than ${String(MAX_FILE_ENTRIES)} entries; the rest are not read`,
    );
  }

  const known = await vouchedIdsByLogin(ctx.db, repository.id);
  const entries = [];
  for (const line of lines.slice(0, MAX_FILE_ENTRIES)) {
    let id = known.get(line.login.toLowerCase());
    let login = line.login;
    if (id === undefined) {
      const account = await ctx.github.account(token, line.login);
      // A login GitHub does not know (deleted, mistyped) or an organization vouches for nobody.
      if (!account || account.type !== 'User') continue;
      id = account.id;
      login = account.login;
    }
    entries.push({ githubUserId: id, login, kind: line.kind, reason: line.reason });
  }
  await replaceFileVouches(ctx.db, {
    repositoryId: repository.id,
    entries,
    now: ctx.clock.now(),
  });
  return { entries: entries.length };
}
