/**
 * A failed call. `status` is 0 when no HTTP answer came back (network down, CORS, abort);
 * `serverMessage` is the `message` field of the server's error body when it sent one, which
 * is the text the user should see.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly code: string | undefined;
  readonly field: string | undefined;

  constructor(init: {
    status: number;
    serverMessage?: string | undefined;
    code?: string | undefined;
    field?: string | undefined;
    cause?: unknown;
  }) {
    super(
      init.serverMessage ??
        (init.status === 0 ? 'Network request failed' : `HTTP ${String(init.status)}`),
      { cause: init.cause },
    );
    this.name = 'ApiError';
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.code = init.code;
    this.field = init.field;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** The server's message when there is one, else the screen's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}

/** The server answered 404: the thing asked for does not exist (or is not the caller's to see). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
