import {
  WALLET_LABELS,
  type WalletChallenge,
  type WalletForm,
  type WalletType,
} from '@openstake/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';

import { ApiError, errorMessage } from '@/lib/api/api-error';
import { connectHedera, createWalletUser, storeWalletValues } from '../api/wallet-api';
import { walletKeys } from '../api/query-keys';
import {
  browserHederaSigner,
  personalSign,
  readEthBalance,
  requestEvmAccount,
  requireEthereum,
  signatureHex,
  signWithHederaSigner,
  WalletConnectError,
  walletErrorMessage,
} from '../lib/wallet-connectors';
import {
  FORM_INVALID_TOAST,
  isChallengeFresh,
  issueNumber,
  validateWalletForm,
  type ConnectWalletQuery,
  type WalletFormErrors,
} from '../lib/wallet-form';

/** A wallet connected on /connect-wallet: what the connected card shows. */
export interface WalletConnection {
  walletType: WalletType;
  githubUsername: string;
  accountId: string;
  publicKey: string;
  /** In the wallet's unit; 'N/A' when it could not be read (then the line is hidden). */
  balance: string;
}

/** Thrown by a step that already told the user (toast and inline error). */
class Told extends Error {}

/** When the server refused the link without saying why. */
export const LINK_REFUSED_MESSAGE = 'The wallet could not be linked to your account';

/**
 * /connect-wallet: the form, 'Store These Values' (which fetches the challenge the
 * wallet will sign), the two connects, and the account creation that links the wallet. The
 * connection state: fields entered, values stored, connecting, connected or error.
 */
export function useConnectWallet(query: ConnectWalletQuery) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<WalletForm>({
    githubUsername: query.github,
    publicKey: '',
  });
  const [errors, setErrors] = useState<WalletFormErrors>({});
  const [challenge, setChallenge] = useState<WalletChallenge | null>(null);
  const [isStoring, setIsStoring] = useState(false);
  const [connecting, setConnecting] = useState<WalletType | null>(null);
  const [connection, setConnection] = useState<WalletConnection | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The wallet the last connect was for: 'Try again' after an error connects it again. */
  const [lastTried, setLastTried] = useState<WalletType | null>(null);
  /** No Hedera signer in the page: the stored challenge is shown, to be signed elsewhere. */
  const [signElsewhere, setSignElsewhere] = useState(false);

  const isStored = challenge !== null;
  const hederaChallenge = signElsewhere ? challenge : null;
  const githubUsername = values.githubUsername.trim();
  const origin = {
    owner: query.owner,
    repo: query.repo,
    issue: issueNumber(query.issue),
  };

  const change = (field: keyof WalletForm, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    // Editing any field clears the stored flag: the challenge was for the old values.
    setChallenge(null);
    setSignElsewhere(false);
  };

  const validate = (): boolean => {
    const found = validateWalletForm(values);
    setErrors(found);
    if (Object.keys(found).length === 0) return true;
    toast.error(FORM_INVALID_TOAST, { richColors: true });
    return false;
  };

  const store = async (): Promise<WalletChallenge | null> => {
    if (!validate()) return null;
    setIsStoring(true);
    try {
      const issued = await storeWalletValues({
        githubUsername,
        publicKey: values.publicKey.trim(),
        ...origin,
      });
      setChallenge(issued);
      toast.success('Values stored successfully! You can now connect your wallet.');
      return issued;
    } catch (cause) {
      toast.error(errorMessage(cause, 'Failed to store values'), { richColors: true });
      return null;
    } finally {
      setIsStoring(false);
    }
  };

  /** An error shown on the page and as a toast. */
  const report = (message: string) => {
    setError(message);
    toast.error(message, { richColors: true });
  };

  const fail = (message: string): never => {
    report(message);
    throw new Told(message);
  };

  /**
   * The stored challenge, or a new one when the values were not stored yet or the stored one
   * expires before a wallet could sign it (the values stored a while ago).
   */
  const currentChallenge = async (): Promise<WalletChallenge> => {
    const issued = challenge && isChallengeFresh(challenge) ? challenge : await store();
    if (!issued) throw new Told('not stored');
    return issued;
  };

  /**
   * POST /api/users/create links the proven wallet to the account. Only its success makes the
   * wallet connected: a refusal (a signature by another key, a wallet another account holds) is
   * the page's error with the server's reason, and the wallet is not shown as connected.
   */
  const link = async (input: {
    walletType: WalletType;
    walletAddress: string;
    publicKey: string;
    message?: string;
    signature?: string;
  }) => {
    try {
      return await createWalletUser({ ...input, githubUsername, role: 'contributor', ...origin });
    } catch (cause) {
      return fail(errorMessage(cause, LINK_REFUSED_MESSAGE));
    }
  };

  const connected = async (next: WalletConnection) => {
    setConnection(next);
    setError(null);
    toast.success(`${WALLET_LABELS[next.walletType]} connected successfully!`);
    toast.success(`Account created! Welcome ${next.githubUsername}`);
    await queryClient.invalidateQueries({ queryKey: walletKeys.all });
  };

  const connectMetamask = async () => {
    setLastTried('metamask');
    if (!validate()) return;
    setConnecting('metamask');
    setError(null);
    try {
      let provider;
      let account;
      try {
        provider = requireEthereum();
        account = await requestEvmAccount(provider);
      } catch (cause) {
        if (cause instanceof WalletConnectError) fail(cause.message);
        throw cause;
      }
      const issued = await currentChallenge();
      if (issued.walletType !== 'metamask' || issued.address !== account) {
        fail(`MetaMask's account ${account} is not the public address you entered`);
      }
      const signature = await personalSign(provider, account, issued.message);
      const linked = await link({
        walletType: 'metamask',
        walletAddress: account,
        publicKey: account,
        message: issued.message,
        signature,
      });
      const balance = await readEthBalance(provider, account);
      await connected({
        walletType: 'metamask',
        githubUsername: linked.user.githubUsername,
        accountId: account,
        publicKey: linked.wallet.publicKey,
        balance: balance ?? 'N/A',
      });
    } catch (cause) {
      if (!(cause instanceof Told))
        report(walletErrorMessage(cause, 'Failed to connect to MetaMask'));
    } finally {
      setConnecting(null);
    }
  };

  /** The Hedera account's signature (from the injected signer or pasted) goes to the server. */
  const submitHederaSignature = async (issued: WalletChallenge, signature: string) => {
    setConnecting('hedera');
    setError(null);
    try {
      const result = await connectHedera({
        useEnvCredentials: true,
        githubUsername,
        publicKey: issued.address,
        message: issued.message,
        signature: signatureHex(signature),
      });
      const linked = await link({
        walletType: 'hedera',
        walletAddress: result.accountId,
        publicKey: result.publicKey,
      });
      setSignElsewhere(false);
      await connected({
        walletType: 'hedera',
        githubUsername: linked.user.githubUsername,
        accountId: result.accountId,
        publicKey: result.publicKey,
        balance: result.balance,
      });
    } catch (cause) {
      if (cause instanceof Told) return;
      const fallback =
        cause instanceof ApiError && cause.isNetworkError
          ? 'Failed to connect to Hedera backend'
          : 'Connection failed';
      report(errorMessage(cause, fallback));
    } finally {
      setConnecting(null);
    }
  };

  const connectHederaWallet = async () => {
    setLastTried('hedera');
    if (!validate()) return;
    try {
      const issued = await currentChallenge();
      if (issued.walletType !== 'hedera') {
        fail('The public address is not a Hedera account id (0.0.N)');
      }
      const signer = browserHederaSigner();
      if (!signer) {
        setSignElsewhere(true);
        return;
      }
      setConnecting('hedera');
      const accountId = String(await signer.getAccountId());
      if (accountId !== issued.address) {
        fail(`The Hedera wallet's account ${accountId} is not the public address you entered`);
      }
      await submitHederaSignature(issued, await signWithHederaSigner(signer, issued.message));
    } catch (cause) {
      if (!(cause instanceof Told)) report(walletErrorMessage(cause, 'Connection failed'));
    } finally {
      setConnecting(null);
    }
  };

  return {
    values,
    errors,
    change,
    isStored,
    isStoring,
    store: () => void store(),
    connecting,
    connection,
    error,
    hederaChallenge,
    connectMetamask: () => void connectMetamask(),
    connectHedera: () => void connectHederaWallet(),
    /** Connects the wallet of the last attempt again, from a fresh start. */
    retry: () => {
      setError(null);
      if (lastTried === 'hedera') void connectHederaWallet();
      else void connectMetamask();
    },
    submitHederaSignature: (signature: string) => {
      if (hederaChallenge) void submitHederaSignature(hederaChallenge, signature);
    },
  };
}
