import type { DemoMail } from '@openstake/core';
import { Inbox, Mail } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';

import { Card, CardContent } from '@/components/ui/card';
import { LoadError } from '@/components/load-error';
import { PageLoading } from '@/components/page-loading';
import { ApiError } from '@/lib/api/api-error';
import { formatDateTime } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { useDemoMailbox } from '../api/demo-mailbox';
import { mailTextParts } from '../lib/mail-text';

/**
 * Demo mode's mailbox: every message the app "sent" (to its in-process SMTP server), newest
 * first, with who it went to, its subject and when; `?message=<id>` opens one, its plain text
 * shown with its links clickable. The text is never read as HTML.
 */
export function DemoMailbox() {
  const mailbox = useDemoMailbox();
  const [params] = useSearchParams();

  if (mailbox.isPending) return <PageLoading label="Loading the demo mailbox..." />;
  if (mailbox.isError) {
    if (mailbox.error instanceof ApiError && mailbox.error.status === 404) {
      return (
        <p className="text-sm text-muted-foreground">
          There is no demo mailbox: this server is not in demo mode, or it sends its mail to a real
          SMTP server.
        </p>
      );
    }
    return (
      <LoadError
        message="Could not load the demo mailbox."
        isRetrying={mailbox.isFetching}
        onRetry={() => void mailbox.refetch()}
      />
    );
  }
  const { messages } = mailbox.data;
  if (messages.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Inbox aria-hidden="true" className="size-4" />
        No mail yet. Mail the app sends (an address to confirm, a password reset) shows here.
      </p>
    );
  }
  const openId = params.get('message');
  const open = messages.find((m) => m.id === openId);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
      {/* One column that never grows past the screen: a subject may be one long word. */}
      <ul aria-label="Messages" className="grid min-w-0 grid-cols-1 content-start gap-2">
        {messages.map((m) => (
          <li key={m.id}>
            <Link
              to={`?message=${encodeURIComponent(m.id)}`}
              aria-current={m.id === open?.id ? 'true' : undefined}
              className={cn(
                'block rounded-md border px-3 py-2 text-sm hover:bg-muted',
                m.id === open?.id && 'border-primary bg-muted',
              )}
            >
              <span className="block font-medium wrap-anywhere">{m.subject || '(no subject)'}</span>
              <span className="block text-muted-foreground break-all">To {m.to}</span>
              <span className="block text-xs text-muted-foreground">
                {formatDateTime(m.receivedAt)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {open ? (
        <OpenMail mail={open} />
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Mail aria-hidden="true" className="size-4" />
          Choose a message to read it.
        </p>
      )}
    </div>
  );
}

function OpenMail({ mail }: { mail: DemoMail }) {
  return (
    <Card>
      <CardContent className="grid gap-4">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold wrap-anywhere">{mail.subject || '(no subject)'}</h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-muted-foreground">
            <dt>From</dt>
            <dd className="break-all">{mail.from}</dd>
            <dt>To</dt>
            <dd className="break-all">{mail.to}</dd>
            <dt>Received</dt>
            <dd>{formatDateTime(mail.receivedAt)}</dd>
          </dl>
        </div>
        <div data-testid="demo-mail-text" className="text-sm whitespace-pre-wrap wrap-anywhere">
          {mailTextParts(mail.text).map((part, i) =>
            'link' in part ? (
              <a key={i} href={part.link} className="text-primary underline break-all">
                {part.link}
              </a>
            ) : (
              <span key={i}>{part.text}</span>
            ),
          )}
        </div>
      </CardContent>
    </Card>
  );
}
