import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role, SessionUser } from '@openstake/core';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { resolveSession } from '../../modules/auth/sessions';
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

// Which role each guarded API area needs (DESIGN.md section 3).
const AREA_ROLES: [prefix: string, role: Role][] = [
  ['/api/contributor/', 'contributor'],
  ['/api/maintainer/', 'maintainer'],
  ['/api/company/', 'company'],
];

/**
 * The automation workflow (GitHub Actions) calls this with an organization's API key, never a
 * session; the route checks the key itself (modules/api-keys/authenticate-api-key.ts). Exactly
 * this method and path are left out of the maintainer guard: any other spelling is guarded.
 */
const API_KEY_ROUTE = { method: 'POST', path: '/api/maintainer/issue-comment' };

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  return request.cookies[SESSION_COOKIE];
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

  // Guards run for every path under an area, so an unknown path there still needs the right role.
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (request.method === API_KEY_ROUTE.method && path === API_KEY_ROUTE.path) return;
    const area = AREA_ROLES.find(
      ([prefix]) => path.startsWith(prefix) || path === prefix.slice(0, -1),
    );
    if (area) await requireUser(request, area[1]);
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
