import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { receiveGithubWebhook } from '../../modules/github/receive-github-webhook';
import { settleFromGithubEvents } from '../../modules/stakes/settle-from-github-events';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export async function webhookRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The signature covers the exact bytes GitHub sent, so this route keeps the raw body.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_req, body, done) => done(null, body),
  );
  app.post('/api/github/webhooks', {
    schema: {
      tags: ['github'],
      summary: 'GitHub webhook receiver (signed with X-Hub-Signature-256)',
    },
    handler: async (request, reply) => {
      const deliveryId = header(request.headers['x-github-delivery']);
      const result = await receiveGithubWebhook(
        {
          rawBody: typeof request.body === 'string' ? request.body : '',
          signature: header(request.headers['x-hub-signature-256']),
          deliveryId,
          event: header(request.headers['x-github-event']),
        },
        ctx,
      );
      // Settle this delivery right away; the background job retries it if that fails, and
      // handles any other leftovers, so a backlog never slows GitHub's deliveries down.
      if (!result.duplicate) await settleFromGithubEvents(ctx, { deliveryId });
      return reply
        .status(result.duplicate ? 200 : 202)
        .send({ success: true, duplicate: result.duplicate });
    },
  });
}
