import { ApiError } from './api-error';

/** The part of a zod schema this needs, so the web app does not import zod itself. */
export interface Parser<T> {
  safeParse: (value: unknown) => { success: true; data: T } | { success: false; error: unknown };
}

/**
 * Checks a response's `data` against the contract's schema (packages/core). A body that does not
 * match is a failed call, not something to render half of.
 */
export function parseData<T>(schema: Parser<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    console.warn('Unexpected response from the server', parsed.error);
    throw new ApiError({ status: 200, cause: parsed.error });
  }
  return parsed.data;
}

/** Client errors (4xx) are answers, not glitches: retrying them only delays the page. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
