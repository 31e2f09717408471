import type { ReactNode } from 'react';

import { WalletContext } from '../hooks/wallet-context';
import { useWallet } from '../hooks/use-wallet';

/**
 * Holds the wallet state for a signed-in area, so the header menu and the inline error see the
 * same connection.
 */
export function WalletProvider({ children }: { children: ReactNode }) {
  const wallet = useWallet();
  return <WalletContext.Provider value={wallet}>{children}</WalletContext.Provider>;
}
