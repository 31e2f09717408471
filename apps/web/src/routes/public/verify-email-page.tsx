import { dashboardPath } from '@openstake/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';

import { verifyEmailQuery } from '@/features/auth/api/account-links';
import { AuthMessageCard } from '@/features/auth/components/auth-message-card';
import { AuthPageShell } from '@/features/auth/components/auth-page-shell';
import { linkToken } from '@/features/auth/lib/account-links';
import { AUTH_FALLBACK_MESSAGES } from '@/features/auth/lib/auth-form';
import { useUser } from '@/features/auth/user-context';
import { errorMessage } from '@/lib/api/api-error';

export const VERIFY_INCOMPLETE_MESSAGE =
  'This link is incomplete: open it again from the email, or ask for a new one from the banner at the top of your dashboard once signed in.';

/**
 * /verify-email?token=...: confirms the address on opening, once (verifyEmailQuery), and says
 * how it went. A signed-in visitor's session is read again after, so the banner asking to
 * confirm goes away; onward is their dashboard, or signing in.
 */
export function VerifyEmailPage() {
  const location = useLocation();
  const client = useQueryClient();
  const { user } = useUser();
  const token = linkToken(location.search);
  const confirming = useQuery({
    ...verifyEmailQuery(client, token ?? ''),
    enabled: token !== null,
  });

  const onward = user
    ? [{ to: dashboardPath(user.role), label: 'Go to dashboard' }]
    : [{ to: '/login', label: 'Sign in' }];

  let card;
  if (token === null) {
    card = (
      <AuthMessageCard
        tone="error"
        title="Incomplete link"
        message={VERIFY_INCOMPLETE_MESSAGE}
        links={onward}
        testId="verify-email-incomplete"
      />
    );
  } else if (confirming.isSuccess) {
    card = (
      <AuthMessageCard
        tone="success"
        title="Email confirmed"
        message={confirming.data.message}
        links={onward}
        testId="verify-email-done"
      />
    );
  } else if (confirming.isError) {
    card = (
      <AuthMessageCard
        tone="error"
        title="Could not confirm your email"
        message={errorMessage(confirming.error, AUTH_FALLBACK_MESSAGES.network)}
        links={onward}
        testId="verify-email-error"
      />
    );
  } else {
    card = (
      <AuthMessageCard
        tone="busy"
        title="Confirming your email"
        message="Confirming your email address..."
        links={[]}
        testId="verify-email-pending"
      />
    );
  }

  return <AuthPageShell>{card}</AuthPageShell>;
}
