import { MESSAGE_MAX_LENGTH, messageTextSchema } from '@openstake/core';

import type { MessagesSide } from './messages-side';

export type MessageTextCheck = { ok: true; text: string } | { ok: false; message: string };

/**
 * Checks a message with the contract's schema before it is sent ('Message is required', at most
 * MESSAGE_MAX_LENGTH characters once trimmed) and gives the trimmed text the server will get.
 */
export function checkMessageText(text: string): MessageTextCheck {
  const parsed = messageTextSchema.safeParse({ text });
  if (parsed.success) return { ok: true, text: parsed.data.text };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid message' };
}

/** '12/2000', counting what will be sent (the trimmed text); `over` past the limit. */
export function messageCounter(text: string): { text: string; over: boolean } {
  const length = text.trim().length;
  return {
    text: `${String(length)}/${String(MESSAGE_MAX_LENGTH)}`,
    over: length > MESSAGE_MAX_LENGTH,
  };
}

/** Why a declined conversation has no reply box, from each side. */
export const DECLINED_TEXT: Readonly<Record<MessagesSide, string>> = {
  company: 'The contributor declined further messages in this conversation.',
  contributor: 'You declined this conversation. The company cannot write to you here again.',
};
