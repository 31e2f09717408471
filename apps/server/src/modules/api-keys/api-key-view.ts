import type { ApiKey } from '@openstake/core';
import type { apiKeys } from '../../db/schema';

export function toApiKeyView(row: typeof apiKeys.$inferSelect): ApiKey {
  return {
    _id: row.id,
    name: row.name,
    maskedKey: row.maskedKey,
    createdAt: row.createdAt.toISOString(),
    lastUsed: row.lastUsedAt?.toISOString() ?? null,
  };
}
