import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';

let building: Promise<GraphQLSchema> | undefined;

/**
 * GitHub's published GraphQL schema (`@octokit/graphql-schema`), built on the first GraphQL
 * request and kept: every query is validated against the real schema, so a field GitHub does not
 * have fails here as it would on GitHub. Built from the package's introspection result
 * (schema.json), not its SDL (schema.graphql): that text declares two fields of
 * EnterpriseOwnerInfo twice, which graphql-js refuses to build.
 */
export function githubSchema(): Promise<GraphQLSchema> {
  building ??= import('@octokit/graphql-schema').then(({ schema }) =>
    buildClientSchema(schema.json as IntrospectionQuery),
  );
  return building;
}
