import {
  execute,
  GraphQLError,
  parse,
  validate,
  type DocumentNode,
  type GraphQLFieldResolver,
} from 'graphql';
import { asRecord } from '../as-record';
import type { SimState } from '../sim-state';
import { githubSchema } from './github-schema';
import { queryRoot, TypedGraphqlError, type GraphqlNode } from './graphql-nodes';

/** One entry of GitHub's `errors`: `type` for errors of the data (NOT_FOUND), else message only. */
export interface GithubGraphqlError {
  type?: string;
  path?: readonly (string | number)[];
  locations?: readonly { line: number; column: number }[];
  message: string;
}

/** GitHub's answer: `data` (absent when the query never ran) and `errors` when there are any. */
export interface GraphqlAnswer {
  data?: Record<string, unknown> | null;
  errors?: GithubGraphqlError[];
}

function githubError(error: GraphQLError): GithubGraphqlError {
  const type = error.originalError instanceof TypedGraphqlError ? error.originalError.type : null;
  return {
    ...(type ? { type } : {}),
    ...(error.path ? { path: error.path } : {}),
    ...(error.locations ? { locations: error.locations } : {}),
    message: error.message,
  };
}

/**
 * Fields resolve from the simulator's nodes (a value, or a function of the arguments); a field of
 * GitHub's schema that no node carries says it is not simulated rather than answering a made-up
 * null.
 */
const simulatedField: GraphQLFieldResolver<unknown, unknown> = (source, args, _ctx, info) => {
  const value = (source as GraphqlNode)[info.fieldName];
  if (value === undefined) {
    throw new Error(`${info.parentType.name}.${info.fieldName} is not simulated`);
  }
  return typeof value === 'function' ? (value as (a: unknown) => unknown)(args) : value;
};

/**
 * `POST /api/graphql`: `{ query, variables?, operationName? }`, validated against GitHub's schema
 * and run as `viewer`. GitHub answers 200 with `errors` for a query it cannot run, and with
 * `data` and `errors` side by side when some fields failed.
 */
export async function executeGraphql(
  state: SimState,
  viewer: string,
  body: unknown,
): Promise<GraphqlAnswer> {
  const { query, variables, operationName } = asRecord(body);
  if (typeof query !== 'string' || query.trim() === '') {
    return { errors: [{ message: 'A query attribute must be specified and must be a string.' }] };
  }
  if (variables !== undefined && variables !== null && typeof variables !== 'object') {
    return { errors: [{ message: 'Variables are invalid JSON.' }] };
  }
  const schema = await githubSchema();
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    if (error instanceof GraphQLError) return { errors: [githubError(error)] };
    throw error;
  }
  const invalid = validate(schema, document);
  if (invalid.length > 0) return { errors: invalid.map(githubError) };
  const result = await execute({
    schema,
    document,
    rootValue: queryRoot(state, viewer),
    variableValues: (variables ?? undefined) as Record<string, unknown> | undefined,
    operationName: typeof operationName === 'string' ? operationName : undefined,
    fieldResolver: simulatedField,
  });
  return {
    ...(result.data !== undefined ? { data: result.data } : {}),
    ...(result.errors ? { errors: result.errors.map(githubError) } : {}),
  };
}
