import { AUTOMATION_SECRET_NAME, type CreatedApiKey } from '@openstake/core';
import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';
import { apiKeyName } from '../lib/api-key-display';

/** The full key, shown this once, with Copy ('Copied!' for 2 seconds) and a clear warning. */
export function CreatedApiKeyNotice({
  apiKey,
  onClose,
}: {
  apiKey: CreatedApiKey;
  onClose: () => void;
}) {
  const id = useId();
  const { copied, copy } = useCopyToClipboard();

  return (
    <Alert
      role="status"
      aria-labelledby={`${id}-title`}
      className="border-warning/50 bg-warning/10"
      data-testid="created-api-key"
    >
      <TriangleAlert aria-hidden="true" className="text-warning" />
      <AlertTitle id={`${id}-title`} className="line-clamp-none">
        Copy your new key “{apiKeyName(apiKey)}” now: it will not be shown again.
      </AlertTitle>
      <AlertDescription className="w-full gap-3">
        <p>
          OpenStake keeps only a fingerprint of it. Store it as the{' '}
          <code className="font-mono text-xs">{AUTOMATION_SECRET_NAME}</code> secret of your
          repositories (see the{' '}
          <Link to="/maintainer/docs" className="underline underline-offset-2">
            workflow in Docs
          </Link>
          ).
        </p>
        <div className="flex w-full flex-col gap-2 sm:flex-row sm:items-center">
          <code
            aria-label="New API key"
            data-testid="created-api-key-secret"
            className="min-w-0 flex-1 rounded-md border bg-background px-3 py-2 font-mono text-sm break-all text-foreground select-all"
          >
            {apiKey.secretKey}
          </code>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              void copy(apiKey.secretKey).then((ok) => {
                if (!ok) toast.error('Failed to copy the API key', { richColors: true });
              });
            }}
          >
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copied!' : 'Copy'}
          </Button>
        </div>
        <span className="sr-only" aria-live="polite">
          {copied ? 'API key copied to the clipboard' : ''}
        </span>
        <Button variant="ghost" size="sm" onClick={onClose}>
          I have stored it
        </Button>
      </AlertDescription>
    </Alert>
  );
}
