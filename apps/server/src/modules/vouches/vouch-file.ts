import { VOUCH_FILE_PATH, withVouchLine, type VouchKindName } from '@openstake/core';
import type { AppContext } from '../../context';

/**
 * Keeps the repository's `.github/VOUCHED.td` in step with a word said in OpenStake (decision
 * 015): when the file exists, the user's line is changed, added or removed and the file committed
 * with the maintainer's token. A repository without the file gets none. GitHub refusing the
 * commit (no write access for the token, a protected branch, the file changed meanwhile) leaves
 * OpenStake's word standing and is logged: the next read of the file does not undo a word said in
 * OpenStake.
 */
export async function keepVouchFileInStep(
  input: {
    token: string;
    owner: string;
    repo: string;
    login: string;
    kind: VouchKindName | null;
    reason: string | null;
    byLogin: string;
  },
  ctx: Pick<AppContext, 'github' | 'log'>,
): Promise<'written' | 'unchanged' | 'no file' | 'refused'> {
  const where = { owner: input.owner, repo: input.repo, path: VOUCH_FILE_PATH };
  try {
    const file = await ctx.github.fileContents(input.token, where);
    if (!file) return 'no file';
    const text = withVouchLine(file.text, input);
    if (text === file.text) return 'unchanged';
    const what =
      input.kind === 'vouched'
        ? `Vouch for @${input.login}`
        : input.kind === 'denounced'
          ? `Denounce @${input.login}`
          : `Withdraw the word on @${input.login}`;
    await ctx.github.writeFileContents(input.token, {
      ...where,
      text,
      sha: file.sha,
      message: `${what} (by @${input.byLogin} on OpenStake)`,
    });
    return 'written';
  } catch (error) {
    ctx.log.warn(
      { err: error, repository: `${input.owner}/${input.repo}` },
      'could not keep VOUCHED.td in step; the vouch stands in OpenStake',
    );
    return 'refused';
  }
}
