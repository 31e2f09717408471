import type { FastifyInstance, RouteOptions } from 'fastify';
import { rolesWithGithub, type Role } from '@openstake/core';
import { AppError } from '../errors';
import { requireUser } from './plugins/session';

/**
 * Who may call a route, declared on the route itself (`config: { access }`) and checked by one
 * hook against the session's role as the database has it. The router has already decoded the
 * path when the hook runs, so no spelling of a URL (percent-encoding, case, slashes) can reach a
 * route without its check. Every route of the API must declare one: the server refuses to start
 * otherwise.
 *
 * - `public`: anyone; a session is read if present.
 * - `signed-in`: any signed-in account.
 * - `github-user`: a signed-in contributor or maintainer (the roles that link a GitHub account).
 * - a role: a signed-in account of exactly that role.
 * - `api-key`: no session; the handler authenticates an organization's API key (Bearer).
 * - `github-webhook`: no session; the handler verifies GitHub's signature of the body.
 */
export type Access = 'public' | 'signed-in' | 'github-user' | Role | 'api-key' | 'github-webhook';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** The part of a route's `config` that declares its access. */
export const access = (value: Access): { access: Access } => ({ access: value });

/** Registered in a scope, makes every route declared in it state its access, or fail at start. */
export function requireDeclaredAccess(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route: RouteOptions) => {
    const declared = (route.config as { access?: Access } | undefined)?.access;
    if (!declared) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no access: add config: access(...)`,
      );
    }
  });
}

/** The one guard: runs before the body is read, for every route that declared an access. */
export function registerAccessGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const declared = request.routeOptions.config.access;
    switch (declared) {
      case undefined: // static files, the OpenAPI page, and unknown paths (a 404)
      case 'public':
      case 'api-key':
      case 'github-webhook':
        return;
      case 'signed-in':
        await requireUser(request);
        return;
      case 'github-user': {
        const user = await requireUser(request);
        if (!rolesWithGithub.includes(user.role)) {
          throw new AppError('FORBIDDEN', {
            message: 'Company accounts do not connect GitHub',
          });
        }
        return;
      }
      default:
        await requireUser(request, declared);
    }
  });
}
