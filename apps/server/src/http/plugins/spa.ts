import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';

/**
 * Serves the built web app; any GET for a page (not a file, not /api) gets index.html so the
 * client-side router can take it. Unknown API paths and other methods get a JSON 404. HEAD is
 * answered as GET would be, without the body (Node drops it), like every GET route's HEAD.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      immutable: false,
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '';
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const isPage = method === 'GET' && !pathname.startsWith('/api') && !path.extname(pathname);
    if (!isPage) throw new AppError('NOT_FOUND', { message: `No route for ${method} ${pathname}` });
    if (!hasBuild) {
      throw new AppError('NOT_FOUND', {
        message: 'The web app is not built: run `npm run build` first',
      });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
