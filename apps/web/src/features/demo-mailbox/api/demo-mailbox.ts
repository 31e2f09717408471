import { demoMailboxSchema, type DemoMailbox } from '@openstake/core';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { demoMailboxKeys } from './query-keys';

/** How often an open mailbox asks for new mail: a mail is sent a moment after what caused it. */
export const DEMO_MAILBOX_POLL_MS = 3_000;

/** GET /api/demo/mailbox: what demo mode "sent", newest first (404 outside demo mode). */
export async function getDemoMailbox(signal?: AbortSignal): Promise<DemoMailbox> {
  const body = await apiRequest<{ data?: unknown }>('/api/demo/mailbox', { signal });
  return parseData(demoMailboxSchema, body.data);
}

export function useDemoMailbox() {
  return useQuery({
    queryKey: demoMailboxKeys.all,
    queryFn: ({ signal }) => getDemoMailbox(signal),
    refetchInterval: DEMO_MAILBOX_POLL_MS,
    retry: retryUnlessClientError,
  });
}
