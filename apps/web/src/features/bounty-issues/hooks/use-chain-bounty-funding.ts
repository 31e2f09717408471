import { chainBountyFundingTransaction, type ChainBounty } from '@openstake/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import {
  fundWithDemoWallet,
  provideDemoWallet,
  useLinkedWallets,
} from '@/features/wallet/api/wallet-api';
import { walletKeys } from '@/features/wallet/api/query-keys';
import { requireEthereum, sendWalletTransaction } from '@/features/wallet/lib/wallet-connectors';
import { confirmChainFunding } from '../api/chain-funding';
import { bountyIssuesKeys } from '../api/query-keys';

/** Where a funding is: asking the wallet to sign, or the server checking the chain. */
export type FundingStep = 'idle' | 'signing' | 'checking';

/** The wallet a chain bounty is paid in from: the account's linked EVM wallet, if any. */
export type FundingWallet =
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'demo'; address: string }
  | { kind: 'browser'; address: string };

/**
 * Funding one chain bounty from the maintainer's own wallet: the linked wallet signs the escrow's
 * createIssue with the bounty as value (MetaMask in the browser, or demo mode's wallet, which
 * signs on the server), then the server checks the chain and answers the chain bounty. A
 * transaction already sent is remembered, so a failed check is retried as a check, never paid
 * twice. Nothing else changes on a failure: the issue and its coin bounty stand.
 */
export function useChainBountyFunding(issueId: number) {
  const queryClient = useQueryClient();
  const linked = useLinkedWallets();
  const [step, setStep] = useState<FundingStep>('idle');
  const [sentTxHash, setSentTxHash] = useState<string | null>(null);

  const evm = linked.data?.wallets.find((w) => w.walletType === 'metamask');
  let wallet: FundingWallet;
  if (linked.isPending) wallet = { kind: 'loading' };
  else if (!evm) wallet = { kind: 'none' };
  else if (linked.data?.demoWalletAddress === evm.address) {
    wallet = { kind: 'demo', address: evm.address };
  } else wallet = { kind: 'browser', address: evm.address };

  const fund = useMutation({
    mutationFn: async (bounty: ChainBounty): Promise<ChainBounty> => {
      let txHash = sentTxHash;
      if (txHash === null) {
        if (wallet.kind !== 'demo' && wallet.kind !== 'browser') {
          throw new Error('Link a wallet to your account first: it pays the chain bounty in.');
        }
        setStep('signing');
        txHash =
          wallet.kind === 'demo'
            ? await fundWithDemoWallet(issueId)
            : await sendWalletTransaction(requireEthereum(), {
                account: wallet.address,
                chainId: bounty.chainId,
                ...chainBountyFundingTransaction(bounty),
              });
        setSentTxHash(txHash);
      }
      setStep('checking');
      return confirmChainFunding({ issueId, txHash });
    },
    onSettled: () => {
      setStep('idle');
    },
    onSuccess: async (bounty) => {
      if (bounty.status !== 'awaiting_funding') setSentTxHash(null);
      await queryClient.invalidateQueries({ queryKey: bountyIssuesKeys.all });
    },
  });

  const demoWallet = useMutation({
    mutationFn: (replaceLinkedWallet: boolean) => provideDemoWallet(replaceLinkedWallet),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: walletKeys.linked() });
    },
  });

  return { wallet, step, sentTxHash, fund, demoWallet, linkedError: linked.error };
}
