import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role, SessionUser } from '@openstake/core';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { resolveSession } from '../../modules/auth/sessions';
import { bearerToken } from '../bearer-token';
import { sessionCookieSecure } from '../request-origin';

export const SESSION_COOKIE = 'openstake_session';

/** Sets the session cookie (httpOnly, SameSite=Lax; Secure over HTTPS) after a sign-in. */
export function setSessionCookie(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expires: Date,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: sessionCookieSecure(ctx, request),
    path: '/',
    expires,
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, read once per request from the cookie or a bearer token. */
    session(): Promise<{ sessionId: string; user: SessionUser } | null>;
  }
}

function tokenOf(request: FastifyRequest): string | undefined {
  return bearerToken(request) ?? request.cookies[SESSION_COOKIE];
}

export function registerSession(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('session', function (this: FastifyRequest) {
    const self = this as FastifyRequest & {
      sessionPromise?: ReturnType<FastifyRequest['session']>;
    };
    if (!self.sessionPromise) {
      const token = tokenOf(this);
      self.sessionPromise = token ? resolveSession(ctx, token) : Promise.resolve(null);
    }
    return self.sessionPromise;
  });
}

/** The signed-in user, or a 401; with `role`, a 403 for any other role. */
export async function requireUser(request: FastifyRequest, role?: Role): Promise<SessionUser> {
  const session = await request.session();
  if (!session) throw new AppError('UNAUTHENTICATED', { message: 'Please sign in to continue' });
  if (role && session.user.role !== role) {
    throw new AppError('FORBIDDEN', { message: `This area is only for ${role} accounts` });
  }
  return session.user;
}
