import { WALLET_LABELS, type LinkedWallet, type WalletType } from '@openstake/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useReducer, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';

import { errorMessage } from '@/lib/api/api-error';
import { copyText } from '@/lib/clipboard';
import { useUser } from '@/features/auth/user-context';
import {
  connectHedera,
  createWalletUser,
  disconnectWallet,
  storeWalletValues,
  useHederaBalance,
  useLinkedWallets,
} from '../api/wallet-api';
import { walletKeys } from '../api/query-keys';
import {
  browserEthereum,
  browserHederaSigner,
  personalSign,
  readEthBalance,
  requestEvmAccount,
  requireEthereum,
  signWithHederaSigner,
  WalletConnectError,
  walletErrorMessage,
} from '../lib/wallet-connectors';
import {
  initialWalletState,
  walletReducer,
  walletStatus,
  type WalletState,
  type WalletStatus,
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

/** The header's words for a wallet that cannot be used. */
const HEADER_TEXTS = {
  'metamask-missing': 'MetaMask is not installed. Please install it from metamask.io',
  'metamask-no-accounts': 'No accounts found in MetaMask.',
  'hedera-missing':
    'No Hedera wallet in this browser: sign the challenge on the Connect Wallet page.',
} as const;

const CONNECT_FALLBACK: Readonly<Record<WalletType, string>> = {
  hedera: 'Failed to connect to Hedera wallet',
  metamask: 'Failed to connect to MetaMask',
};

/** The wallet the header shows: the one linked last. */
const latest = (wallets: readonly LinkedWallet[]): LinkedWallet | null =>
  wallets.reduce<LinkedWallet | null>(
    (best, w) => (best === null || w.linkedAt > best.linkedAt ? w : best),
    null,
  );

/**
 * The header wallet: the wallet the server has linked to this account (so it is
 * remembered across reloads), its balance (HBAR from the mirror node through the server, ETH from
 * the browser's provider), and Connect, which goes through the same proof as /connect-wallet:
 * the wallet signs a challenge and the server verifies it before linking.
 */
export function useWallet(): WalletController {
  const { user } = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const linked = useLinkedWallets(user !== null && user.role !== 'company');
  const [local, dispatch] = useReducer(walletReducer, initialWalletState);
  const attemptRef = useRef(0);
  const connectingRef = useRef(false);

  const current = latest(linked.data?.wallets ?? []);
  const hederaBalance = useHederaBalance(current?.walletType === 'hedera' ? current.address : null);
  const ethAddress = current?.walletType === 'metamask' ? current.address : null;
  const ethBalance = useQuery({
    queryKey: walletKeys.ethBalance(ethAddress ?? ''),
    queryFn: () => readEthBalance(browserEthereum(), ethAddress ?? ''),
    enabled: ethAddress !== null,
  });

  let state: WalletState = local;
  if (!local.isConnecting && local.error === null && current) {
    const balance = current.walletType === 'hedera' ? hederaBalance.data : ethBalance.data;
    state = {
      ...initialWalletState,
      isConnected: true,
      accountId: current.address,
      walletType: current.walletType,
      balance: balance ?? null,
      attempt: local.attempt,
    };
  }

  const githubUsername = linked.data?.githubUsername ?? user?.githubUsername ?? '';

  const prove = useCallback(
    async (walletType: WalletType): Promise<void> => {
      if (walletType === 'metamask') {
        const provider = requireEthereum();
        const account = await requestEvmAccount(provider);
        const challenge = await storeWalletValues({ githubUsername, publicKey: account });
        const signature = await personalSign(provider, account, challenge.message);
        await createWalletUser({
          walletAddress: account,
          githubUsername,
          walletType,
          publicKey: account,
          message: challenge.message,
          signature,
        });
        return;
      }
      const signer = browserHederaSigner();
      if (!signer) throw new WalletConnectError('hedera-missing', HEADER_TEXTS['hedera-missing']);
      const accountId = String(await signer.getAccountId());
      const challenge = await storeWalletValues({ githubUsername, publicKey: accountId });
      const signature = await signWithHederaSigner(signer, challenge.message);
      await connectHedera({
        useEnvCredentials: false,
        githubUsername,
        publicKey: accountId,
        message: challenge.message,
        signature,
      });
      await createWalletUser({ walletAddress: accountId, githubUsername, walletType });
    },
    [githubUsername],
  );

  const connect = useCallback(
    async (walletType: WalletType) => {
      if (connectingRef.current) return;
      connectingRef.current = true;
      attemptRef.current += 1;
      const attempt = attemptRef.current;
      dispatch({ type: 'connect', walletType, attempt });
      try {
        await prove(walletType);
        if (attempt !== attemptRef.current) return;
        await queryClient.invalidateQueries({ queryKey: walletKeys.linked() });
        // Connected: from now on the header shows the wallet as the server has it linked.
        dispatch({ type: 'disconnect' });
        toast.success(`${WALLET_LABELS[walletType]} connected!`);
      } catch (error) {
        if (attempt !== attemptRef.current) return;
        if (error instanceof WalletConnectError && error.kind === 'hedera-missing') {
          // No signer in the page: the Connect Wallet page shows the challenge to sign elsewhere.
          dispatch({ type: 'disconnect' });
          toast(error.message);
          void navigate(`/connect-wallet?github=${encodeURIComponent(githubUsername)}`);
          return;
        }
        let message: string;
        if (error instanceof WalletConnectError && error.kind !== 'other') {
          message = HEADER_TEXTS[error.kind];
        } else {
          message = errorMessage(error, walletErrorMessage(error, CONNECT_FALLBACK[walletType]));
        }
        if (!(error instanceof WalletConnectError)) console.warn('Wallet connection failed', error);
        dispatch({ type: 'failed', attempt, error: message });
        toast.error(message, { richColors: true });
      } finally {
        if (attempt === attemptRef.current) connectingRef.current = false;
      }
    },
    [prove, queryClient, navigate, githubUsername],
  );

  const disconnect = useCallback(() => {
    attemptRef.current += 1;
    connectingRef.current = false;
    dispatch({ type: 'disconnect' });
    const walletType = current?.walletType;
    if (!walletType) return;
    void disconnectWallet(walletType).then(
      async () => {
        await queryClient.invalidateQueries({ queryKey: walletKeys.linked() });
        toast('Wallet disconnected');
      },
      (error: unknown) => {
        toast.error(errorMessage(error, 'Failed to disconnect the wallet'), { richColors: true });
      },
    );
  }, [current?.walletType, queryClient]);

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

  return {
    state,
    status: walletStatus(state, linked.isLoading),
    connect,
    disconnect,
    dismissError,
    copyAddress,
  };
}
