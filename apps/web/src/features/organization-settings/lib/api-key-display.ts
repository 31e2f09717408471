import type { ApiKey } from '@openstake/core';

export const UNTITLED_KEY_NAME = 'Untitled key';

export const apiKeyName = (key: Pick<ApiKey, 'name'>): string =>
  key.name?.trim() ? key.name.trim() : UNTITLED_KEY_NAME;

export interface ApiKeyDisplay {
  /** The text shown for the key: the masked key, or the full key when revealed. */
  text: string;
  /** The full key is known in this page's memory (created while it was open). */
  canReveal: boolean;
  revealed: boolean;
}

/**
 * What a key row shows. The server keeps only a hash, so the full key exists only right after
 * creation, in this page's memory: only such keys can be revealed; others stay masked.
 */
export function apiKeyDisplay(
  key: Pick<ApiKey, '_id' | 'maskedKey'>,
  secrets: Readonly<Record<string, string>>,
  revealedIds: ReadonlySet<string>,
): ApiKeyDisplay {
  const secret = secrets[key._id];
  const canReveal = secret !== undefined;
  const revealed = canReveal && revealedIds.has(key._id);
  return { text: revealed && secret !== undefined ? secret : key.maskedKey, canReveal, revealed };
}

/** Flips one key between masked and revealed; returns a new set. */
export function toggleRevealed(revealedIds: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(revealedIds);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
