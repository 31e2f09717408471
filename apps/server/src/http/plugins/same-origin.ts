import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sends on behalf of another site (CSRF), using
 * Sec-Fetch-Site and Origin. Requests without either (API clients, curl) carry no ambient
 * browser credentials that another site could abuse, so they pass.
 */
export function registerSameOriginCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method)) return;
    // GitHub's webhook deliveries are signed instead; no browser session is involved.
    if (request.routeOptions.config.access === 'github-webhook') return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw crossSite();
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      let host: string;
      try {
        host = new URL(origin).host;
      } catch {
        throw crossSite();
      }
      if (host !== request.host) throw crossSite();
    } else if (origin === 'null') {
      throw crossSite();
    }
  });
}

const crossSite = () =>
  new AppError('FORBIDDEN', { message: 'Cross-site requests are not allowed' });
