import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { RepositoryFacts } from '../../integrations/llm/context-provider';
import { requireOrganizationAccess } from './organization-access';
import { parseRepositoryLinks } from './repository-links';

/**
 * Writes a context for the selected repositories of an organization: their GitHub metadata,
 * languages and README, turned into text by the configured provider (a language model, or the
 * metadata alone). Nothing is saved: the maintainer reviews and edits it, then saves it.
 */
export async function generateOrganizationContext(
  input: { userId: string; organization: string; repos: string[] },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github' | 'llm'>,
): Promise<{ context: string }> {
  const access = await requireOrganizationAccess(input, ctx);
  const links = parseRepositoryLinks(input.repos, {
    organization: access.login,
    githubWebUrl: ctx.github.config.webUrl,
    field: 'repos',
  });
  const repositories = await Promise.all(
    links.map(async (link, index): Promise<RepositoryFacts> => {
      const facts = await ctx.github.repositoryFacts(access.token, link.owner, link.repo);
      if (!facts) {
        throw new AppError('BAD_REQUEST', {
          message: `Repository ${link.owner}/${link.repo} was not found on GitHub`,
          field: `repos.${index}`,
        });
      }
      if (facts.private) {
        throw new AppError('BAD_REQUEST', {
          message: `${facts.fullName} is private: only public repositories can go into a context`,
          field: `repos.${index}`,
        });
      }
      const [languages, readme] = await Promise.all([
        ctx.github.languages(access.token, link.owner, link.repo),
        ctx.github.readme(access.token, link.owner, link.repo),
      ]);
      return { ...facts, languages, readme };
    }),
  );
  const context = await ctx.llm.generateContext({ organization: access.login, repositories });
  return { context };
}
