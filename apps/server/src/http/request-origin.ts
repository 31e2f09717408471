import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';

/** Where browsers and GitHub reach this server: PUBLIC_URL, else the address of this request. */
export const publicOrigin = (ctx: AppContext, request: FastifyRequest): string =>
  ctx.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;

export const sessionCookieSecure = (ctx: AppContext, request: FastifyRequest): boolean =>
  ctx.config.COOKIE_SECURE === 'auto'
    ? request.protocol === 'https'
    : ctx.config.COOKIE_SECURE === 'true';
