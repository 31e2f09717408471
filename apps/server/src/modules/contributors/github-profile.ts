import type { AppContext } from '../../context';

/**
 * The linked GitHub account's public profile, or null when GitHub does not answer for it (a
 * revoked grant, an outage; logged): the pages that show it carry on with OpenStake's own figures.
 */
export async function githubProfileOrNull(
  access: { login: string; token: string },
  ctx: Pick<AppContext, 'github' | 'log'>,
) {
  try {
    return await ctx.github.userProfile(access.token, access.login);
  } catch (error) {
    ctx.log.warn({ err: error }, 'GitHub profile unavailable');
    return null;
  }
}
