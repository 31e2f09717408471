import { z } from 'zod';

export const errorBodySchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});

/** Documents the error statuses a route can answer, all with the one error body. */
export function errorResponses<S extends number>(
  ...statuses: S[]
): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema])) as Record<
    S,
    typeof errorBodySchema
  >;
}
