import { X } from 'lucide-react';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useWalletContext } from '../hooks/wallet-context';

/** A wallet error is a toast and an inline alert; this is the alert. */
export function WalletErrorAlert() {
  const wallet = useWalletContext();
  if (wallet.status !== 'error' || wallet.state.error === null) return null;
  return (
    <Alert variant="destructive" className="mb-6 pr-12" data-testid="wallet-error">
      <AlertTitle>Wallet connection failed</AlertTitle>
      <AlertDescription>{wallet.state.error}</AlertDescription>
      <Button
        variant="ghost"
        size="icon"
        className="absolute top-1.5 right-1.5 size-8 text-destructive hover:text-destructive"
        aria-label="Dismiss wallet error"
        onClick={wallet.dismissError}
      >
        <X aria-hidden="true" />
      </Button>
    </Alert>
  );
}
