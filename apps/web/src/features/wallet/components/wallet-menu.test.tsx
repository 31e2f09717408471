import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { WalletController } from '../hooks/use-wallet';
import { WalletContext } from '../hooks/wallet-context';
import { initialWalletState, type WalletState } from '../lib/wallet-state';
import { WalletErrorAlert } from './wallet-error-alert';
import { WalletMenu } from './wallet-menu';

describe('WalletMenu', () => {
  const noop = () => undefined;
  const render = (state: WalletState, status: Parameters<typeof WalletMenu>[0]['status']) =>
    renderToStaticMarkup(
      <WalletMenu
        state={state}
        status={status}
        onConnect={noop}
        onCopyAddress={noop}
        onDisconnect={noop}
      />,
    );

  it('offers to connect a wallet', () => {
    expect(render(initialWalletState, 'disconnected')).toContain('Connect Wallet');
  });

  it('offers no Connect Wallet while the linked wallet is being read', () => {
    const html = render(initialWalletState, 'loading');
    expect(html).toContain('Loading your wallet');
    expect(html).toContain('disabled');
    expect(html).not.toContain('Connect Wallet');
  });

  it('shows progress while connecting', () => {
    const html = render({ ...initialWalletState, isConnecting: true }, 'connecting');
    expect(html).toContain('Connecting...');
    expect(html).toContain('disabled');
  });

  it('shows the shortened address and the balance with its unit when connected', () => {
    const html = render(
      {
        ...initialWalletState,
        isConnected: true,
        walletType: 'hedera',
        accountId: '0x1234567890abcdef1234567890abcdef12345678',
        balance: '12.3456',
      },
      'connected',
    );
    expect(html).toContain('0x1234...5678');
    expect(html).toContain('12.3456 HBAR');
    expect(html).toContain('Hedera</span>');
    expect(html).not.toContain('0x1234567890abcdef1234567890abcdef12345678');
  });
});

describe('WalletErrorAlert', () => {
  const controller = (
    state: WalletState,
    status: WalletController['status'],
  ): WalletController => ({
    state,
    status,
    connect: () => Promise.resolve(),
    disconnect: () => undefined,
    dismissError: () => undefined,
    copyAddress: () => Promise.resolve(),
  });
  const render = (wallet: WalletController) =>
    renderToStaticMarkup(
      <WalletContext.Provider value={wallet}>
        <WalletErrorAlert />
      </WalletContext.Provider>,
    );

  it('shows a failed connection inline with a dismiss button', () => {
    const html = render(
      controller({ ...initialWalletState, error: 'No accounts found in MetaMask.' }, 'error'),
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('No accounts found in MetaMask.');
    expect(html).toContain('aria-label="Dismiss wallet error"');
  });

  it('shows nothing without an error', () => {
    expect(render(controller(initialWalletState, 'disconnected'))).toBe('');
  });
});
