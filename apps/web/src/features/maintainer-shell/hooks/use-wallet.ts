import { useCallback, useReducer, useRef } from 'react';
import { toast } from 'sonner';

import { copyText } from '../../../lib/clipboard';
import {
  CONNECT_FALLBACK,
  defaultWalletConnectors,
  WalletConnectError,
  walletErrorMessage,
  type WalletConnectors,
} from '../lib/wallet-connectors';
import {
  initialWalletState,
  WALLET_LABELS,
  walletReducer,
  walletStatus,
  type WalletState,
  type WalletStatus,
  type WalletType,
} from '../lib/wallet-state';

export interface WalletController {
  state: WalletState;
  status: WalletStatus;
  connect: (walletType: WalletType) => Promise<void>;
  disconnect: () => void;
  /** Clears an error without the 'Wallet disconnected' toast: nothing was connected. */
  dismissError: () => void;
  copyAddress: () => Promise<void>;
}

/**
 * The header wallet: connect through a pluggable connector per wallet type, copy the address,
 * disconnect. Outcomes are toasts (spec 001 s8); an error also stays in the state so the header
 * can show it inline.
 */
export function useWallet(
  connectors: WalletConnectors = defaultWalletConnectors,
): WalletController {
  const [state, dispatch] = useReducer(walletReducer, initialWalletState);
  // The latest attempt; a ref so an answer arriving after Disconnect can see it is stale.
  const attemptRef = useRef(0);
  const connectingRef = useRef(false);

  const connect = useCallback(
    async (walletType: WalletType) => {
      if (connectingRef.current) return;
      connectingRef.current = true;
      attemptRef.current += 1;
      const attempt = attemptRef.current;
      dispatch({ type: 'connect', walletType, attempt });
      try {
        const { accountId, balance } = await connectors[walletType].connect();
        if (attempt !== attemptRef.current) return;
        dispatch({ type: 'connected', attempt, accountId, balance });
        toast.success(`${WALLET_LABELS[walletType]} connected!`);
      } catch (error) {
        if (attempt !== attemptRef.current) return;
        if (!(error instanceof WalletConnectError)) console.warn('Wallet connection failed', error);
        const message = walletErrorMessage(error, CONNECT_FALLBACK[walletType]);
        dispatch({ type: 'failed', attempt, error: message });
        toast.error(message, { richColors: true });
      } finally {
        if (attempt === attemptRef.current) connectingRef.current = false;
      }
    },
    [connectors],
  );

  const disconnect = useCallback(() => {
    attemptRef.current += 1;
    connectingRef.current = false;
    dispatch({ type: 'disconnect' });
    toast('Wallet disconnected');
  }, []);

  const dismissError = useCallback(() => {
    attemptRef.current += 1;
    connectingRef.current = false;
    dispatch({ type: 'disconnect' });
  }, []);

  const copyAddress = useCallback(async () => {
    if (state.accountId === null) return;
    if (await copyText(state.accountId)) toast.success('Address copied to clipboard!');
    else toast.error('Failed to copy address', { richColors: true });
  }, [state.accountId]);

  return { state, status: walletStatus(state), connect, disconnect, dismissError, copyAddress };
}
