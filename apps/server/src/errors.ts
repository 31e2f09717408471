/** Every failure a client may see has one of these codes; the error handler maps them to HTTP. */
const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  GITHUB_AUTH_REQUIRED: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INSUFFICIENT_COINS: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  GITHUB_UNAVAILABLE: 502,
  /** An outside service (GitHub, the ledger network) refused or failed a write; nothing was kept. */
  UPSTREAM_FAILED: 502,
  GITHUB_RATE_LIMITED: 503,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof STATUS;

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly field: string | undefined;

  constructor(code: ErrorCode, options: { message: string; field?: string; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.code = code;
    this.field = options.field;
  }

  get status(): number {
    return STATUS[this.code];
  }
}
