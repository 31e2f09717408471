/** The query keys of demo mode's mailbox (GET /api/demo/mailbox). */
export const demoMailboxKeys = {
  all: ['demo-mailbox'] as const,
};
