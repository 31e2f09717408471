import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import { COMPANY_MESSAGES_PER_DAY, type Conversation } from '@openstake/core';
import type { AppContext } from '../../context';
import { rowsOf, type Tx } from '../../db/database';
import { contributorProfiles, conversations, messages, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { contributorNotFound } from '../directory/get-directory-profile';
import { listedContributor } from '../directory/directory-rows';
import { queueNotification } from '../mail/queue-notification';
import { conversationMessageMail } from '../mail/templates/conversation-message';
import {
  contributorNameOf,
  conversationNotFound,
  conversationOf,
  sideOf,
  type Viewer,
} from './conversations';

const DAY_MS = 86_400_000;

type Ctx = Pick<AppContext, 'db' | 'clock' | 'publicUrl' | 'mail'>;

/**
 * What a company may write to a contributor: only to a listed contributor (a hidden one is a
 * 404, as everywhere in the directory) who accepts contact, and not after they declined.
 */
async function checkCompanyMayWrite(
  tx: Tx,
  contributorId: string,
  status: 'open' | 'declined' | null,
): Promise<void> {
  const [row] = rowsOf<{ contactable: boolean | null }>(
    await tx.execute(sql`select p.companies_may_contact as contactable
      from users u left join ${contributorProfiles} p on p.user_id = u.id
      where u.id = ${contributorId}::uuid and ${listedContributor}`),
  );
  if (!row) throw contributorNotFound();
  if (row.contactable === false) {
    throw new AppError('FORBIDDEN', {
      message: 'This contributor does not accept messages from companies.',
    });
  }
  if (status === 'declined') {
    throw new AppError('FORBIDDEN', { message: 'This contributor declined your message.' });
  }
}

/**
 * What a company needs to write at all: an address it confirmed (anyone can type someone else's
 * address at sign-up, and contributors read it as who is writing), and its daily limit, counted
 * in the database so it holds across servers. The company's own row is locked first, so two
 * messages sent at once are counted one after the other.
 */
async function checkCompanyMaySend(tx: Tx, companyId: string, now: Date): Promise<string> {
  const [company] = rowsOf<{ email: string; verified: boolean }>(
    await tx.execute(sql`select email, email_verified_at is not null as verified
      from ${users} where id = ${companyId}::uuid for update`),
  );
  if (!company) throw new Error(`company ${companyId} has no row`);
  if (!company.verified) {
    throw new AppError('FORBIDDEN', {
      message: `Confirm your email address before writing to contributors: open the link we sent to ${company.email}, or ask for a new one from the banner at the top of the page.`,
    });
  }
  const [sent] = await tx
    .select({ n: count() })
    .from(messages)
    .where(
      and(
        eq(messages.senderId, companyId),
        gte(messages.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  if ((sent?.n ?? 0) >= COMPANY_MESSAGES_PER_DAY) {
    throw new AppError('RATE_LIMITED', {
      message: `You can send at most ${String(COMPANY_MESSAGES_PER_DAY)} messages a day. Try again tomorrow.`,
    });
  }
  return company.email;
}

/**
 * Adds the message and mails its reader (decision 018) when it is the first of the writer's that
 * the reader has not read: one mail per conversation until they read it, however many messages
 * follow. The caller holds the conversation's row lock, which a read takes too (a read meanwhile
 * is wholly before or after), and a company's sends are serialised by its own row lock too.
 */
async function append(
  tx: Tx,
  input: {
    conversationId: string;
    writer: Viewer;
    /** How the reader's screen names the writer; null for a contributor, read when mailing. */
    writerName: string | null;
    readerId: string;
    text: string;
  },
  ctx: Pick<AppContext, 'clock' | 'publicUrl'>,
): Promise<void> {
  const now = ctx.clock.now();
  const [waiting] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, input.conversationId),
        eq(messages.senderId, input.writer.id),
        isNull(messages.readAt),
      ),
    )
    .limit(1);
  await tx.insert(messages).values({
    conversationId: input.conversationId,
    senderId: input.writer.id,
    body: input.text,
    createdAt: now,
  });
  await tx
    .update(conversations)
    .set({ updatedAt: now })
    .where(eq(conversations.id, input.conversationId));
  if (waiting) return;
  const writerName = input.writerName ?? (await contributorNameOf(tx, input.writer.id));
  const reader = input.writer.role === 'company' ? 'contributor' : 'company';
  await queueNotification(
    tx,
    {
      kind: reader === 'contributor' ? 'company-message' : 'message-reply',
      recipients: [input.readerId],
      content: conversationMessageMail(
        {
          to: reader,
          from: writerName,
          conversationId: input.conversationId,
          text: input.text,
        },
        ctx,
      ),
    },
    ctx,
  );
}

/** A company writes to a contributor from the directory: their conversation, started if new. */
export async function contactContributor(
  input: { companyId: string; contributorId: string; text: string },
  ctx: Ctx,
): Promise<Conversation> {
  const now = ctx.clock.now();
  const id = await inTransaction(ctx.db, async (tx) => {
    const companyName = await checkCompanyMaySend(tx, input.companyId, now);
    // Locked, as a reply and a read lock it: a read meanwhile is before or after this message.
    const [existing] = await tx
      .select({ id: conversations.id, status: conversations.status })
      .from(conversations)
      .where(
        and(
          eq(conversations.companyId, input.companyId),
          eq(conversations.contributorId, input.contributorId),
        ),
      )
      .for('update');
    await checkCompanyMayWrite(tx, input.contributorId, existing?.status ?? null);
    let conversationId = existing?.id;
    if (!conversationId) {
      // The company's row lock (checkCompanyMaySend) serialises its sends, so no other insert races.
      const [created] = await tx
        .insert(conversations)
        .values({ companyId: input.companyId, contributorId: input.contributorId, createdAt: now })
        .returning({ id: conversations.id });
      if (!created) throw new Error('insert into conversations returned no row');
      conversationId = created.id;
    }
    await append(
      tx,
      {
        conversationId,
        writer: { id: input.companyId, role: 'company' },
        writerName: companyName,
        readerId: input.contributorId,
        text: input.text,
      },
      ctx,
    );
    return conversationId;
  });
  ctx.mail.nudge();
  return conversationOf(ctx.db, { id: input.companyId, role: 'company' }, id);
}

/**
 * A message in an existing conversation: a contributor's reply, or a company writing again
 * (under the same rules as its first message). Nobody writes in a declined conversation.
 */
export async function replyInConversation(
  input: { viewer: Viewer; conversationId: string; text: string },
  ctx: Ctx,
): Promise<Conversation> {
  const { viewer } = input;
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (tx) => {
    const companyName =
      viewer.role === 'company' ? await checkCompanyMaySend(tx, viewer.id, now) : null;
    // Locked: the contributor's replies sent at once are added one after the other, so only the
    // first of them mails the company.
    const [conversation] = await tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, input.conversationId), eq(sideOf(viewer), viewer.id)))
      .for('update');
    if (!conversation) throw conversationNotFound();
    if (viewer.role === 'company') {
      await checkCompanyMayWrite(tx, conversation.contributorId, conversation.status);
    } else if (conversation.status === 'declined') {
      throw new AppError('CONFLICT', { message: 'You declined this conversation.' });
    }
    await append(
      tx,
      {
        conversationId: conversation.id,
        writer: viewer,
        writerName: companyName,
        readerId: viewer.role === 'company' ? conversation.contributorId : conversation.companyId,
        text: input.text,
      },
      ctx,
    );
  });
  ctx.mail.nudge();
  return conversationOf(ctx.db, viewer, input.conversationId);
}
