import { createContext, useContext } from 'react';

import type { WalletController } from './use-wallet';

export const WalletContext = createContext<WalletController | null>(null);

/** The signed-in area's wallet; one per area, shared by the header and the pages. */
export function useWalletContext(): WalletController {
  const value = useContext(WalletContext);
  if (value === null) throw new Error('useWalletContext must be used inside <WalletProvider>');
  return value;
}
