import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { access } from '../access';
import {
  followUpGithubWebhook,
  receiveGithubWebhook,
} from '../../modules/github-events/receive-github-webhook';

const required = (name: string) => z.string({ error: `${name} header is required` }).min(1);
const githubId = (name: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/, `${name} header must be a number`)
    .transform(Number);

// What GitHub sends with every delivery. Other headers pass through untouched.
const webhookHeaders = z.looseObject({
  'x-github-event': required('X-GitHub-Event'),
  'x-github-delivery': required('X-GitHub-Delivery'),
  'x-github-hook-id': required('X-GitHub-Hook-ID').pipe(githubId('X-GitHub-Hook-ID')),
  // A missing signature is an unauthenticated delivery (401), not a malformed one.
  'x-hub-signature-256': z.string().optional(),
  'x-github-hook-installation-target-type': z.string().optional(),
  'x-github-hook-installation-target-id': githubId('X-GitHub-Hook-Installation-Target-ID')
    .optional()
    .catch(undefined),
});

export async function webhookRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The signature covers the exact bytes GitHub sent: this route keeps them, unparsed, and the
  // receiver parses them only once the signature is verified.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
    (_req, body, done) => done(null, body),
  );
  app.withTypeProvider<ZodTypeProvider>().post('/api/github/webhooks', {
    config: access('github-webhook'),
    schema: {
      tags: ['github'],
      summary: 'GitHub webhook receiver (signed with X-Hub-Signature-256)',
      headers: webhookHeaders,
    },
    handler: async (request, reply) => {
      const { headers } = request;
      const deliveryId = headers['x-github-delivery'];
      const result = await receiveGithubWebhook(
        {
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signature: headers['x-hub-signature-256'],
          deliveryId,
          event: headers['x-github-event'],
          hookId: headers['x-github-hook-id'],
          targetType: headers['x-github-hook-installation-target-type'],
          targetId: headers['x-github-hook-installation-target-id'],
        },
        ctx,
      );
      reply.status(result.duplicate ? 200 : 202).send({
        success: true,
        duplicate: result.duplicate,
        ...(result.ignored && { ignored: true }),
      });
      followUpGithubWebhook({ deliveryId, received: result }, ctx);
      return reply;
    },
  });
}
