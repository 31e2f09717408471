import { aliasedTable, and, asc, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Conversation, Role } from '@openstake/core';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { conversations, githubAccounts, messages, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../errors';

/*
 * Reading conversations, for either side: a company sees the contributors it wrote to, a
 * contributor the companies that wrote to them. The viewer is always the session's user.
 */

export interface Viewer {
  id: string;
  role: Extract<Role, 'company' | 'contributor'>;
}

/** The viewer's column in conversations. */
export const sideOf = (viewer: Viewer) =>
  viewer.role === 'company' ? conversations.companyId : conversations.contributorId;

const CONVERSATIONS_SHOWN = 50;

/**
 * How a company's conversation names a contributor without a proven GitHub account: one written
 * to before the directory listed only proven accounts. Their typed username is only a claim.
 */
export const UNVERIFIED_CONTRIBUTOR = 'Contributor (GitHub not verified)';

/**
 * How a contributor's conversation names a company whose address is not confirmed (one that
 * wrote before confirmation existed): an address anyone could have typed is no identity.
 */
export const UNVERIFIED_COMPANY = 'A company (email not verified)';

/** A contributor as a company's conversation names them: the login GitHub proved. */
export async function contributorNameOf(db: Queryable, contributorId: string): Promise<string> {
  const [row] = await db
    .select({ login: githubAccounts.login })
    .from(githubAccounts)
    .where(eq(githubAccounts.userId, contributorId));
  return row?.login ?? UNVERIFIED_CONTRIBUTOR;
}

export const conversationNotFound = () =>
  new AppError('NOT_FOUND', { message: 'Conversation not found' });

/** Conversations of the viewer as the API shows them, latest first (or only `ids`). */
export async function conversationsOf(
  db: Queryable,
  viewer: Viewer,
  ids?: string[],
): Promise<Conversation[]> {
  const other = aliasedTable(users, 'other');
  const otherSide =
    viewer.role === 'company' ? conversations.contributorId : conversations.companyId;
  const rows = await db
    .select({
      conversation: conversations,
      otherId: other.id,
      // A contributor is named by the login GitHub proved, never by the username they typed.
      otherName: viewer.role === 'company' ? githubAccounts.login : other.email,
      otherVerified: other.emailVerifiedAt,
    })
    .from(conversations)
    .innerJoin(other, eq(other.id, otherSide))
    .leftJoin(githubAccounts, eq(githubAccounts.userId, other.id))
    .where(and(eq(sideOf(viewer), viewer.id), ids ? inArray(conversations.id, ids) : undefined))
    .orderBy(desc(conversations.updatedAt))
    .limit(CONVERSATIONS_SHOWN);
  if (rows.length === 0) return [];
  const written = await db
    .select()
    .from(messages)
    .where(
      inArray(
        messages.conversationId,
        rows.map((r) => r.conversation.id),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const nameOf = (name: string | null, verified: Date | null) => {
    if (viewer.role === 'company') return name ?? UNVERIFIED_CONTRIBUTOR;
    return verified ? (name ?? UNVERIFIED_COMPANY) : UNVERIFIED_COMPANY;
  };
  return rows.map(({ conversation, otherId, otherName, otherVerified }) => {
    const own = written.filter((m) => m.conversationId === conversation.id);
    return {
      id: conversation.id,
      status: conversation.status,
      with: { id: otherId, name: nameOf(otherName, otherVerified) },
      unread: own.filter((m) => m.senderId !== viewer.id && m.readAt === null).length,
      updatedAt: conversation.updatedAt.toISOString(),
      messages: own.map((m) => ({
        id: m.id,
        mine: m.senderId === viewer.id,
        text: m.body,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  });
}

/** One conversation of the viewer; a 404 when it is not theirs. */
export async function conversationOf(
  db: Queryable,
  viewer: Viewer,
  conversationId: string,
): Promise<Conversation> {
  const [conversation] = await conversationsOf(db, viewer, [conversationId]);
  if (!conversation) throw conversationNotFound();
  return conversation;
}

export async function listConversations(
  viewer: Viewer,
  ctx: Pick<AppContext, 'db'>,
): Promise<Conversation[]> {
  return conversationsOf(ctx.db, viewer);
}

/** Messages to the viewer not read yet, in all their conversations. */
export async function countUnread(viewer: Viewer, ctx: Pick<AppContext, 'db'>): Promise<number> {
  const [row] = await ctx.db
    .select({ unread: count() })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(eq(sideOf(viewer), viewer.id), isNull(messages.readAt), ne(messages.senderId, viewer.id)),
    );
  return row?.unread ?? 0;
}

/**
 * Marks the messages to the viewer in the conversation read; answers the viewer's unread total.
 * The conversation's row is locked, as a message sent in it locks it: a message sent meanwhile is
 * either read here or, added after, finds nothing unread and mails the viewer (decision 018).
 * Unlocked, a message could see the one read here still unread, mail nothing, and stay unread.
 */
export async function markConversationRead(
  input: { viewer: Viewer; conversationId: string },
  ctx: Pick<AppContext, 'db' | 'clock'>,
): Promise<number> {
  const { viewer, conversationId } = input;
  await inTransaction(ctx.db, async (tx) => {
    const [conversation] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.id, conversationId), eq(sideOf(viewer), viewer.id)))
      .for('update');
    if (!conversation) throw conversationNotFound();
    await tx
      .update(messages)
      .set({ readAt: ctx.clock.now() })
      .where(
        and(
          eq(messages.conversationId, conversationId),
          ne(messages.senderId, viewer.id),
          isNull(messages.readAt),
        ),
      );
  });
  return countUnread(viewer, ctx);
}

/** The contributor declines the company's contact: the company can write no more in it. */
export async function declineConversation(
  input: { contributorId: string; conversationId: string },
  ctx: Pick<AppContext, 'db' | 'clock'>,
): Promise<Conversation> {
  const viewer: Viewer = { id: input.contributorId, role: 'contributor' };
  const [updated] = await ctx.db
    .update(conversations)
    .set({ status: 'declined' })
    .where(
      and(
        eq(conversations.id, input.conversationId),
        eq(conversations.contributorId, input.contributorId),
      ),
    )
    .returning({ id: conversations.id });
  if (!updated) throw conversationNotFound();
  return conversationOf(ctx.db, viewer, updated.id);
}
