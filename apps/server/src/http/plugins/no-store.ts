import type { FastifyInstance } from 'fastify';

/**
 * API answers are never stored by a browser or anything in between: they are for one account
 * (its session or token) or can change with any request, and a stored copy would outlive a
 * logout on a shared computer. Every answer of a route that declares an access (the whole API,
 * the OAuth redirects, the webhook; these are the only routes that read a session) carries
 * `Cache-Control: no-store`, errors included. Static files and the SPA's index.html hold no user
 * data and keep their own caching.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config.access !== undefined) reply.header('cache-control', 'no-store');
    return payload;
  });
}
