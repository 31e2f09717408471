import type { FastifyInstance } from 'fastify';
import type { SearchIssueItem, SearchIssuesResult } from '../../render/github-types';
import { renderIssue } from '../../render/issues';
import { searchIssues } from '../../search/search-issues';
import type { SimContext } from '../../sim-context';
import { validationFailed } from '../../sim-error';
import { paginate, query, viewerLogin } from '../request-helpers';

/** GitHub serves at most the first 1000 results of a search. */
const MAX_RESULTS = 1000;

export function registerSearchRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { state } = ctx;
  app.get('/search/issues', async (req, reply): Promise<SearchIssuesResult> => {
    const sort = query(req, 'sort');
    const order = query(req, 'order');
    const result = searchIssues(state, viewerLogin(req), query(req, 'q'), sort, order);
    const perPage = Math.min(Number(query(req, 'per_page')) || 30, 100);
    const page = Number(query(req, 'page')) || 1;
    if ((page - 1) * perPage >= MAX_RESULTS) {
      throw validationFailed({
        resource: 'Search',
        field: 'q',
        code: 'invalid',
        message: 'Only the first 1000 search results are available',
      });
    }
    const items = paginate(req, reply, state.urls.origin, result.items, {
      maxResults: MAX_RESULTS,
    });
    return {
      total_count: result.items.length,
      incomplete_results: false,
      items: items.map(({ repo, issue }): SearchIssueItem => ({
        ...renderIssue(state, repo, issue),
        // GitHub's schema types a search item's body as a string: an empty one is left out.
        body: issue.body ?? undefined,
        score: 1,
      })),
      // Last: octokit.paginate takes the first key other than the counters as the list.
      search_type: 'lexical',
    };
  });
}
