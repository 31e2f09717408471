import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import type { ErrorBody } from '../schemas';

// Fastify's own request errors, in words a user can act on.
const FASTIFY_ERRORS: Record<string, { code: AppError['code']; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'Request body is empty; send a JSON object',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Request body is too large (limit 100 kB)',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'BAD_REQUEST',
    message: 'Content-Length does not match the body',
  },
};

function toAppError(error: FastifyError): AppError | undefined {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
    const where =
      field ||
      (error.validationContext === 'body' ? 'body' : (error.validationContext ?? 'request'));
    // A rule over the whole body (a refinement: "Send at least one setting to change") says itself.
    const message = field
      ? `${field}: ${first?.message}`
      : first?.keyword === 'custom'
        ? (first.message ?? `Request ${where} is not valid`)
        : `Request ${where} is missing or not a JSON object`;
    return new AppError('BAD_REQUEST', { message, field: field || undefined });
  }
  const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (known) return new AppError(known.code, { message: known.message });
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError(error.statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', {
      message: error.message,
    });
  }
  return undefined;
}

/** One handler for every error: known ones become their status and message, others a bare 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = toAppError(error);
    if (!known) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({
        success: false,
        code: 'INTERNAL',
        message: 'Something went wrong on our side. Please try again.',
      } satisfies ErrorBody);
    }
    // Known 5xx (GitHub down or rate limited) are expected outages: their message is for the user.
    if (known.status >= 500) request.log.warn({ err: error }, known.message);
    // Rate-limit answers carry their own headers (retry-after); keep the status the plugin chose.
    const body: ErrorBody = { success: false, code: known.code, message: known.message };
    if (known.field) body.field = known.field;
    return reply.status(known.status).send(body);
  });
}

/**
 * The router's own refusals, made before any route or hook runs (a malformed percent-encoding in
 * the path, a path parameter longer than the router takes): the one error body too, instead of
 * Fastify's own shape. Passed to Fastify as `frameworkErrors`.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply.status(tooLong ? 414 : 400).send({
    success: false,
    code: 'BAD_REQUEST',
    message: tooLong
      ? 'A part of the request path is too long'
      : 'The request path is not valid (malformed percent-encoding)',
  } satisfies ErrorBody);
}
