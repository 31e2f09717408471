import { z } from 'zod';

/*
 * Contact between companies and contributors (issue 11): a company writes to a contributor who
 * accepts contact; the contributor reads it in the Messages tab, replies or declines; the
 * company reads the replies in its area. One conversation per company and contributor. Text is
 * plain (shown as text, never as HTML or markdown) and length-limited; a company may send only so
 * many messages a day, counted in the database so the limit holds across servers.
 */

export const MESSAGE_MAX_LENGTH = 2000;
/** Messages one company may send in 24 hours, to everyone together. */
export const COMPANY_MESSAGES_PER_DAY = 20;

export const messageTextSchema = z.object({
  text: z
    .string({ message: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(MESSAGE_MAX_LENGTH, `Message must be ${String(MESSAGE_MAX_LENGTH)} characters or less`),
});
export type MessageText = z.infer<typeof messageTextSchema>;

export const CONVERSATION_STATUSES = ['open', 'declined'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const messageSchema = z.object({
  id: z.string(),
  /** Whether the viewer wrote it. */
  mine: z.boolean(),
  text: z.string(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  /** The other side: the company (its email) for a contributor, the contributor for a company. */
  with: z.object({
    id: z.string(),
    /** A contributor's GitHub username, or a company's email. */
    name: z.string(),
  }),
  /** Messages to the viewer not read yet. */
  unread: z.number().int(),
  updatedAt: z.string(),
  messages: z.array(messageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationsSchema = z.object({ data: z.array(conversationSchema) });

export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** What a contributor shows companies (settings). A contributor without a choice gets these. */
export const contributorPrivacySchema = z.object({
  listedInDirectory: z.boolean({ message: 'listedInDirectory must be true or false' }),
  emailVisibleToCompanies: z.boolean({ message: 'emailVisibleToCompanies must be true or false' }),
  companiesMayContact: z.boolean({ message: 'companiesMayContact must be true or false' }),
});
export type ContributorPrivacy = z.infer<typeof contributorPrivacySchema>;

export const DEFAULT_CONTRIBUTOR_PRIVACY: ContributorPrivacy = {
  listedInDirectory: true,
  emailVisibleToCompanies: false,
  companiesMayContact: true,
};
