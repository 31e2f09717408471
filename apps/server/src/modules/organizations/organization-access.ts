import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { requireGithubToken } from '../github/github-account';

export interface OrganizationAccess {
  /** The organization's (or user's) login as GitHub spells it. */
  login: string;
  /** The key OpenStake stores it under: the login in lower case. */
  key: string;
  /** The maintainer's verified GitHub login and token. */
  maintainerLogin: string;
  token: string;
}

export const organizationKey = (login: string): string => login.toLowerCase();

/**
 * A maintainer manages the settings and API keys of their own GitHub account and of the GitHub
 * organizations they own (role `admin`), as GitHub says today (asked on every call, so an owner
 * who leaves or is demoted loses access at once). Plain members are refused: the context speaks
 * for the organization, and its API keys make the automation comment under their creator's name.
 */
export async function requireOrganizationAccess(
  input: { userId: string; organization: string },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<OrganizationAccess> {
  const { token, login } = await requireGithubToken(input.userId, ctx);
  const grant = (orgLogin: string): OrganizationAccess => ({
    login: orgLogin,
    key: organizationKey(orgLogin),
    maintainerLogin: login,
    token,
  });
  if (organizationKey(input.organization) === organizationKey(login)) return grant(login);

  const account = await ctx.github.account(token, input.organization);
  if (!account) {
    throw new AppError('NOT_FOUND', {
      message: `No GitHub user or organization named ${input.organization}`,
    });
  }
  if (account.type !== 'Organization') {
    throw new AppError('FORBIDDEN', {
      message: `${account.login} is another GitHub user: you can manage your own account (${login}) and organizations you own`,
    });
  }
  const membership = await ctx.github.organizationMembership(token, account.login, login);
  if (!membership?.active) {
    throw new AppError('FORBIDDEN', {
      message: `You (${login}) are not a member of the GitHub organization ${account.login}`,
    });
  }
  if (membership.role !== 'admin') {
    throw new AppError('FORBIDDEN', {
      message: `Only owners of the GitHub organization ${account.login} manage its settings and API keys: you (${login}) are a member without the owner role`,
    });
  }
  return grant(account.login);
}
