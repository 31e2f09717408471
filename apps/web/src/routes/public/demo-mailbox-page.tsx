import { DemoMailbox } from '@/features/demo-mailbox/components/demo-mailbox';

/**
 * /demo/mailbox: in demo mode, the mail the app sent, received by its own SMTP server, so a
 * newcomer can confirm an address or reset a password with no mail set up. Linked from the demo
 * banner; outside demo mode the page says there is none.
 */
export function DemoMailboxPage() {
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">Demo mailbox</h1>
        <p className="text-sm text-muted-foreground">
          Demo mode sends no real mail: every message the app sends arrives here instead.
        </p>
      </div>
      <DemoMailbox />
    </div>
  );
}
