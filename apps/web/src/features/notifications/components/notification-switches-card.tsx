import { NOTIFICATIONS, type NotificationSettings } from '@openstake/core';
import { MailWarning } from 'lucide-react';
import { useId } from 'react';

import { LoadError } from '@/components/load-error';
import { PageLoading } from '@/components/page-loading';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { RESEND_LABEL } from '@/features/auth/components/email-verification-banner';
import { errorMessage } from '@/lib/api/api-error';
import {
  useNotificationSettings,
  useUpdateNotificationSettings,
} from '../api/notification-settings';

export const NOTIFICATIONS_LOAD_FALLBACK_MESSAGE = 'We could not load your notification settings.';

/** Until the address is confirmed the server sends none of these, whatever the switches say. */
export const UNCONFIRMED_ADDRESS_NOTE = `These emails wait for your address to be confirmed: open the link we sent you, or ask for another with ${RESEND_LABEL} above.`;

/**
 * The account's notification mails (decision 018), a switch each, saved as soon as it is
 * turned. `id="notifications"` is where /settings/notifications sends a contributor.
 */
export function NotificationSwitchesCard() {
  const notifications = useNotificationSettings();

  let body;
  if (notifications.data) {
    body = <NotificationSwitches saved={notifications.data} />;
  } else if (notifications.isError) {
    body = (
      <LoadError
        message={errorMessage(notifications.error, NOTIFICATIONS_LOAD_FALLBACK_MESSAGE)}
        isRetrying={notifications.isFetching}
        onRetry={() => {
          void notifications.refetch();
        }}
      />
    );
  } else {
    body = <PageLoading label="Loading notification settings..." className="min-h-24" />;
  }

  return (
    <Card id="notifications" className="scroll-mt-6">
      <CardHeader>
        <CardTitle>Email notifications</CardTitle>
        <CardDescription>
          The emails OpenStake sends to your confirmed address. Each switch is saved as soon as you
          turn it.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function NotificationSwitches({ saved }: { saved: NotificationSettings }) {
  const id = useId();
  // One save at a time: each answer is every switch as saved, which a later save would overtake.
  const update = useUpdateNotificationSettings();

  return (
    <div className="grid gap-4">
      {!saved.emailVerified && (
        <Alert
          role="note"
          className="border-warning/40 bg-warning/10"
          data-testid="notifications-unconfirmed"
        >
          <MailWarning aria-hidden="true" />
          <AlertDescription className="text-foreground">
            {UNCONFIRMED_ADDRESS_NOTE}
          </AlertDescription>
        </Alert>
      )}
      <ul className="grid gap-4">
        {saved.settings.map(({ kind, enabled }) => (
          <li key={kind} className="flex items-start justify-between gap-4">
            <div className="grid gap-1">
              <Label htmlFor={`${id}-${kind}`} className="leading-snug">
                {NOTIFICATIONS[kind].label}
              </Label>
              <p id={`${id}-${kind}-description`} className="text-sm text-muted-foreground">
                {NOTIFICATIONS[kind].description}
              </p>
            </div>
            <Switch
              id={`${id}-${kind}`}
              data-testid={`notification-${kind}`}
              checked={enabled}
              disabled={update.isPending}
              aria-describedby={`${id}-${kind}-description`}
              onCheckedChange={(checked) => {
                update.mutate({ [kind]: checked });
              }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
