import type { AppConfig, ChainBounty, WalletsView } from '@openstake/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { appConfigKeys } from '@/features/app-config/api/query-keys';
import { walletKeys } from '@/features/wallet/api/query-keys';
import { ChainBountyPanel } from './chain-bounty-panel';

const ADDRESS = `0x${'ab'.repeat(20)}`;

const awaiting: ChainBounty = {
  status: 'awaiting_funding',
  chainIssueId: '7',
  amount: '1500000000000000000',
  amountDisplay: '1.5',
  symbol: 'HBAR',
  deadline: '4102444800',
  escrowAddress: `0x${'12'.repeat(20)}`,
  chainId: 296,
  funder: null,
  fundingTx: null,
  endTx: null,
  note: null,
};

const config = (demoWallets: boolean): AppConfig => ({
  demoMode: demoWallets,
  githubWebUrl: 'https://github.com',
  escrowAddress: awaiting.escrowAddress,
  chain: { chainId: 296, symbol: 'HBAR', decimals: 8, demoWallets },
});

const wallets = (address: string | null, demo = false): WalletsView => ({
  githubUsername: 'mia',
  wallets: address
    ? [{ walletType: 'metamask', address, publicKey: '0x04', linkedAt: '2026-01-01T00:00:00.000Z' }]
    : [],
  demoWalletAddress: demo ? address : null,
});

function render(
  chainBounty: ChainBounty,
  options: { wallets?: WalletsView; demoWallets?: boolean } = {},
): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(appConfigKeys.all, config(options.demoWallets ?? false));
  if (options.wallets) client.setQueryData(walletKeys.linked(), options.wallets);
  return renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(
        QueryClientProvider,
        { client },
        createElement(ChainBountyPanel, { issueId: 7, chainBounty }),
      ),
    ),
  );
}

describe('ChainBountyPanel', () => {
  it("says the amount is the chain's currency from the maintainer's wallet, not coins", () => {
    const html = render(awaiting, { wallets: wallets(ADDRESS) });
    expect(html).toContain('Chain bounty');
    expect(html).toContain('1.5 HBAR');
    expect(html).toContain('Awaiting funding');
    expect(html).toContain('paid in from your own wallet: not coins');
    expect(html).toContain('dateTime="2100-01-01T00:00:00.000Z"');
  });

  it('offers to fund it from the linked wallet, which shows the payment before signing', () => {
    const html = render(awaiting, { wallets: wallets(ADDRESS) });
    expect(html).toMatch(/<button[^>]*>Fund 1.5 HBAR from your wallet<\/button>/);
    expect(html).toContain('0xabab...abab');
    expect(html).toContain('it shows you the payment and its network fee before you sign');
    expect(html).not.toContain('Demo wallet');
  });

  it('says plainly when the wallet is demo mode’s, on a local test chain', () => {
    const html = render(awaiting, { wallets: wallets(ADDRESS, true), demoWallets: true });
    expect(html).toContain('Demo wallet on a local test chain');
    expect(html).toMatch(/<button[^>]*>Fund 1.5 HBAR from your demo wallet<\/button>/);
  });

  it('without a linked wallet, offers a demo wallet in demo mode and the wallet page otherwise', () => {
    const demo = render(awaiting, { wallets: wallets(null), demoWallets: true });
    expect(demo).toMatch(/<button[^>]*>.*Use a demo wallet<\/button>/);
    expect(demo).toContain('test currency that is worth nothing');
    const real = render(awaiting, { wallets: wallets(null) });
    expect(real).toContain('href="/connect-wallet"');
    expect(real).toContain('Link a wallet');
    expect(real).not.toContain('demo');
  });

  it('says it is looking up the wallet while the linked wallets load', () => {
    const html = render(awaiting);
    expect(html).toContain('Looking up your linked wallet...');
    expect(html).not.toContain('Fund 1.5 HBAR');
  });

  it('shows a funded bounty’s funder and transaction, and offers no funding', () => {
    const html = render(
      {
        ...awaiting,
        status: 'funded',
        funder: ADDRESS,
        fundingTx: {
          hash: `0x${'cd'.repeat(32)}`,
          explorerUrl: `https://hashscan.io/testnet/transaction/0x${'cd'.repeat(32)}`,
        },
        note: 'Release pending: waiting for the contributor to link a wallet',
      },
      { wallets: wallets(ADDRESS) },
    );
    expect(html).toContain('Funded');
    expect(html).toContain('Paid in by');
    expect(html).toContain(`href="https://hashscan.io/testnet/transaction/0x${'cd'.repeat(32)}"`);
    expect(html).toContain('Release pending: waiting for the contributor to link a wallet');
    expect(html).not.toContain('Fund 1.5 HBAR');
  });

  it('says a bounty never funded pays nothing on the chain', () => {
    const html = render(
      {
        ...awaiting,
        status: 'not_funded',
        note: 'The coin bounty ended before this was funded: nothing is paid on the chain.',
      },
      { wallets: wallets(ADDRESS) },
    );
    expect(html).toContain('Never funded');
    expect(html).toContain('nothing is paid on the chain');
    expect(html).not.toContain('Fund 1.5 HBAR');
  });
});
