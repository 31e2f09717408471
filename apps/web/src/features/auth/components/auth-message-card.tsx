import { CheckCircle2, CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

/** What a message card says: done, could not be done, or still under way. */
export type AuthMessageTone = 'success' | 'error' | 'busy';

const ICONS: Record<AuthMessageTone, ReactNode> = {
  success: <CheckCircle2 aria-hidden="true" className="size-12 text-success" />,
  error: <CircleAlert aria-hidden="true" className="size-12 text-destructive" />,
  busy: <Spinner className="size-12 text-muted-foreground" />,
};

/**
 * The card an account link's page shows in place of a form (the address confirmed, the password
 * changed, a link that no longer works): an icon, a heading, the message and links onward. The
 * message is a live region, so a screen reader hears how it ended.
 */
export function AuthMessageCard({
  tone,
  title,
  message,
  links,
  testId,
}: {
  tone: AuthMessageTone;
  title: string;
  message: string;
  /** Where to go next; the first is the main one. */
  links: { to: string; label: string }[];
  testId: string;
}) {
  return (
    <Card className="text-center" data-testid={testId} aria-busy={tone === 'busy' || undefined}>
      <CardHeader className="justify-items-center">
        {ICONS[tone]}
        <CardTitle asChild className="text-2xl">
          <h1>{title}</h1>
        </CardTitle>
        <CardDescription role={tone === 'error' ? 'alert' : 'status'}>{message}</CardDescription>
      </CardHeader>
      {links.length > 0 && (
        <CardContent className="flex flex-wrap justify-center gap-3">
          {links.map((link, i) => (
            <Link
              key={link.to}
              to={link.to}
              className={buttonVariants({ variant: i === 0 ? 'default' : 'outline' })}
            >
              {link.label}
            </Link>
          ))}
        </CardContent>
      )}
    </Card>
  );
}
