import type { ReactNode } from 'react';

import { WalletContext } from '../hooks/wallet-context';
import { useWallet } from '../hooks/use-wallet';
import type { WalletConnectors } from '../lib/wallet-connectors';

/**
 * Holds the wallet state for the whole maintainer area, so the header menu and the inline error
 * (and, later, pages that pay from the wallet) see the same connection.
 */
export function WalletProvider({
  children,
  connectors,
}: {
  children: ReactNode;
  /** Replaces the real connectors (tests, or a future Hedera connector). */
  connectors?: WalletConnectors;
}) {
  const wallet = useWallet(connectors);
  return <WalletContext.Provider value={wallet}>{children}</WalletContext.Provider>;
}
