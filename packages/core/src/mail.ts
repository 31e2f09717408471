import { z } from 'zod';

/** One message demo mode's in-process SMTP server received. */
export const demoMailSchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The plain-text part, as sent. */
  text: z.string(),
});
export type DemoMail = z.infer<typeof demoMailSchema>;

/** GET /api/demo/mailbox: what demo mode "sent", newest first (the last 200 messages). */
export const demoMailboxSchema = z.object({ messages: z.array(demoMailSchema) });
export type DemoMailbox = z.infer<typeof demoMailboxSchema>;
