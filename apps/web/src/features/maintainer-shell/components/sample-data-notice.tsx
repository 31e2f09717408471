import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/**
 * Says plainly that a page shows sample figures (referrals, reports and support are
 * static pages), so nobody takes them for their own data.
 */
export function SampleDataNotice({ children }: { children: ReactNode }) {
  return (
    <Alert role="note" className="border-warning/40 bg-warning/10" data-testid="sample-data-notice">
      <FlaskConical aria-hidden="true" />
      <AlertTitle>Sample data</AlertTitle>
      <AlertDescription className="text-muted-foreground">{children}</AlertDescription>
    </Alert>
  );
}
