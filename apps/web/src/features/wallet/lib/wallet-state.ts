import type { WalletType } from '@openstake/core';

/**
 * The header wallet: disconnected -> connecting -> error, or back to the
 * empty state once the server has linked the wallet (the connected state is then the linked
 * wallet as the server has it: hooks/use-wallet.ts); Disconnect resets to the empty state. The
 * fields are the wallet's state; `attempt` tells which connect a late failure belongs to, so
 * a wallet that answers after the user has disconnected, or after a newer attempt, shows nothing.
 */

export interface WalletState {
  isConnected: boolean;
  isConnecting: boolean;
  accountId: string | null;
  /** Display balance in the wallet's unit, e.g. '1.2345'; null when it could not be read. */
  balance: string | null;
  walletType: WalletType | null;
  error: string | null;
  attempt: number;
}

export type WalletStatus = 'loading' | 'disconnected' | 'connecting' | 'connected' | 'error';

export type WalletAction =
  | { type: 'connect'; walletType: WalletType; attempt: number }
  | { type: 'failed'; attempt: number; error: string }
  | { type: 'disconnect' };

export const initialWalletState: WalletState = {
  isConnected: false,
  isConnecting: false,
  accountId: null,
  balance: null,
  walletType: null,
  error: null,
  attempt: 0,
};

export function walletReducer(state: WalletState, action: WalletAction): WalletState {
  switch (action.type) {
    case 'connect':
      // One connection at a time: the menu is disabled while connecting.
      if (state.isConnecting) return state;
      return {
        ...initialWalletState,
        isConnecting: true,
        walletType: action.walletType,
        attempt: action.attempt,
      };
    case 'failed':
      if (!state.isConnecting || action.attempt !== state.attempt) return state;
      return { ...state, isConnecting: false, error: action.error };
    case 'disconnect':
      return initialWalletState;
  }
}

/**
 * `linkedPending`: the server has not yet said which wallet is linked. Until it has, the header
 * offers neither Connect Wallet nor a wallet, so a linked wallet never flashes as 'not connected'.
 */
export function walletStatus(state: WalletState, linkedPending = false): WalletStatus {
  if (state.isConnecting) return 'connecting';
  if (state.isConnected) return 'connected';
  if (state.error !== null) return 'error';
  if (linkedPending) return 'loading';
  return 'disconnected';
}
