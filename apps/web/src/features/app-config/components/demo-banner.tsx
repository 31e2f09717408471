import { DEMO_MAILBOX_PATH } from '@openstake/core';
import { FlaskConical } from 'lucide-react';

import { useAppConfig } from '../api/app-config';

/**
 * A thin bar at the top of every page while the server runs in demo mode, so
 * nobody mistakes the simulated GitHub for the real one, with the link to the demo mailbox,
 * where the mail the app sends arrives. Nothing shows while the configuration
 * loads or when it cannot be read: the banner is a notice, never a reason to block the page.
 */
export function DemoBanner() {
  const config = useAppConfig();
  if (!config.data?.demoMode) return null;
  return (
    <div
      role="status"
      data-testid="demo-banner"
      className="border-b border-warning/40 bg-warning/15 px-4 py-1.5 text-center text-xs leading-relaxed break-words text-foreground sm:text-sm"
    >
      <FlaskConical aria-hidden="true" className="mr-1.5 inline size-3.5 align-[-2px]" />
      <strong className="font-semibold">Demo mode</strong>
      <span className="text-muted-foreground">
        {' '}
        — GitHub is simulated: sign in with any demo account. No real GitHub data is used.
      </span>{' '}
      <a href={DEMO_MAILBOX_PATH} className="font-medium underline underline-offset-2">
        Demo mailbox
      </a>
      <span className="text-muted-foreground"> (the mail the app sends)</span>
    </div>
  );
}
