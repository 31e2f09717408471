import type { FastifyInstance } from 'fastify';
import { executeGraphql } from '../../graphql/execute-graphql';
import type { SimContext } from '../../sim-context';
import { SimError } from '../../sim-error';

/** GitHub Enterprise Server's GraphQL endpoint, where Octokit sends a `baseUrl` ending in /api/v3. */
export const GRAPHQL_PATH = '/api/graphql';

const GRAPHQL_AUTH_DOCS =
  'https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql';

/** GitHub's GraphQL API, for the fields OpenStake asks (see src/graphql/graphql-nodes.ts). */
export function registerGraphqlRoutes(app: FastifyInstance, ctx: SimContext): void {
  app.post(GRAPHQL_PATH, async (req) => {
    // Unlike most of the REST API, GraphQL answers no anonymous request.
    if (!req.viewer) {
      throw new SimError(401, 'This endpoint requires you to be authenticated.', {
        documentationUrl: GRAPHQL_AUTH_DOCS,
      });
    }
    return executeGraphql(ctx.state, req.viewer.login, req.body);
  });
}
