import type { FastifyRequest } from 'fastify';

/**
 * The token of `Authorization: Bearer <token>`. The scheme is case-insensitive (RFC 6750 s2.1,
 * RFC 9110 s11.1), so `bearer` and `BEARER` are the same scheme. Sessions and API keys both
 * read it here.
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}
