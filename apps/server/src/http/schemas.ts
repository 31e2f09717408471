import { z } from 'zod';

/** A success body carrying `data`. */
export const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/** A success body with nothing more to say. */
export const done = z.object({ success: z.literal(true) });

export const errorBodySchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Documents the error statuses a route can answer, all with the one error body. */
export function errorResponses<S extends number>(
  ...statuses: S[]
): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema])) as Record<
    S,
    typeof errorBodySchema
  >;
}

// Pieces of route schemas that several route files share.

/**
 * The body of a route that reads nothing from it: the original client sends accessToken or userId
 * in these bodies; the session decides instead. Fastify hands a missing body to the validator as
 * null, so "no body" is nullish, not optional.
 */
export const ignoredBody = z.object({}).passthrough().nullish();

/** A path parameter that is a positive whole number; `what` names it in the error messages. */
export const numberParam = (what: string) =>
  z.coerce
    .number({ message: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .positive(`${what} must be positive`);

/** The contributor a company's route is about. */
export const contributorParams = z.object({
  userId: z.string().uuid('Invalid contributor id'),
});

/** The errors of a contributor's route that calls GitHub with the contributor's token. */
export const contributorGithubErrors = errorResponses(401, 403, 502, 503);

/**
 * The error statuses of a maintainer's route that calls GitHub about a repository, to spread
 * beside the route's own: `errorResponses(400, ...MAINTAINER_GITHUB_ERRORS)`.
 */
export const MAINTAINER_GITHUB_ERRORS = [403, 404, 502, 503] as const;
