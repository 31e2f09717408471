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
