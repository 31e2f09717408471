import { demoMailboxSchema } from '@openstake/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { listDemoMailbox } from '../../modules/mail/list-demo-mailbox';
import { access } from '../access';
import { errorResponses, ok } from '../schemas';

/** Demo mode's mailbox: what its in-process SMTP server received (a 404 outside demo mode). */
export async function mailRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public: in demo mode a newcomer reads the mail of an account they cannot sign in to yet (a
  // confirmation, a password reset). The service answers only from demo mode's own mailbox,
  // which exists only when no SMTP_URL is set in demo mode, so no real mail is ever served.
  r.get('/api/demo/mailbox', {
    config: access('public'),
    schema: {
      tags: ['demo'],
      summary: 'Demo mode: the mail its in-process SMTP server received, newest first',
      response: { 200: ok(demoMailboxSchema), ...errorResponses(404) },
    },
    handler: async () => ({ success: true as const, data: listDemoMailbox(ctx) }),
  });
}
