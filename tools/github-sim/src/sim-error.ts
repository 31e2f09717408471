/** One error type for every refusal, rendered as GitHub's `{ message, documentation_url, status }`. */
export interface ValidationErrorItem {
  resource: string;
  code: string;
  field?: string;
  /** The value refused, when GitHub names it (an unknown assignee's login). */
  value?: string;
  message?: string;
}

export const DOCS = 'https://docs.github.com/rest';

export class SimError extends Error {
  readonly status: number;
  readonly documentationUrl: string;
  readonly errors: (ValidationErrorItem | string)[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    message: string,
    options: {
      documentationUrl?: string;
      errors?: (ValidationErrorItem | string)[];
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.status = status;
    this.documentationUrl = options.documentationUrl ?? DOCS;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }

  body(): { message: string; documentation_url: string; status: string; errors?: unknown[] } {
    return {
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      documentation_url: this.documentationUrl,
      status: String(this.status),
    };
  }
}

export const notFound = (): SimError => new SimError(404, 'Not Found');

export const validationFailed = (...errors: ValidationErrorItem[]): SimError =>
  new SimError(422, 'Validation Failed', { errors });
