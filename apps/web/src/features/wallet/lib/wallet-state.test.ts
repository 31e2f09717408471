import { describe, expect, it } from 'vitest';

import {
  initialWalletState,
  walletReducer,
  walletStatus,
  type WalletAction,
  type WalletState,
} from './wallet-state';

const run = (actions: WalletAction[], from: WalletState = initialWalletState): WalletState =>
  actions.reduce(walletReducer, from);

describe('wallet state machine', () => {
  it('starts disconnected and empty', () => {
    expect(walletStatus(initialWalletState)).toBe('disconnected');
    expect(initialWalletState).toMatchObject({
      isConnected: false,
      isConnecting: false,
      accountId: null,
      balance: null,
      walletType: null,
      error: null,
    });
  });

  it('offers nothing while the server has not said which wallet is linked, unless a connect is under way', () => {
    expect(walletStatus(initialWalletState, true)).toBe('loading');
    const connecting = run([{ type: 'connect', walletType: 'metamask', attempt: 1 }]);
    expect(walletStatus(connecting, true)).toBe('connecting');
    expect(walletStatus({ ...initialWalletState, isConnected: true }, true)).toBe('connected');
  });

  it('goes disconnected -> connecting, with the wallet being connected', () => {
    const connecting = run([{ type: 'connect', walletType: 'metamask', attempt: 1 }]);
    expect(walletStatus(connecting)).toBe('connecting');
    expect(connecting.walletType).toBe('metamask');
  });

  it('goes connecting -> error, and a new attempt clears the error', () => {
    const failed = run([
      { type: 'connect', walletType: 'hedera', attempt: 1 },
      { type: 'failed', attempt: 1, error: 'Nope' },
    ]);
    expect(walletStatus(failed)).toBe('error');
    expect(failed).toMatchObject({ isConnected: false, isConnecting: false, error: 'Nope' });

    const retry = run([{ type: 'connect', walletType: 'metamask', attempt: 2 }], failed);
    expect(walletStatus(retry)).toBe('connecting');
    expect(retry.error).toBeNull();
  });

  it('Disconnect resets to the empty state', () => {
    const disconnected = run([
      { type: 'connect', walletType: 'metamask', attempt: 1 },
      { type: 'failed', attempt: 1, error: 'Nope' },
      { type: 'disconnect' },
    ]);
    expect(disconnected).toEqual(initialWalletState);
  });

  it('ignores a second connect while one is running', () => {
    const first = run([{ type: 'connect', walletType: 'metamask', attempt: 1 }]);
    expect(run([{ type: 'connect', walletType: 'hedera', attempt: 2 }], first)).toBe(first);
  });

  it('drops answers of an attempt that was abandoned or superseded', () => {
    const abandoned = run([
      { type: 'connect', walletType: 'metamask', attempt: 1 },
      { type: 'disconnect' },
      { type: 'failed', attempt: 1, error: 'late failure' },
    ]);
    expect(abandoned).toEqual(initialWalletState);

    const superseded = run([
      { type: 'connect', walletType: 'metamask', attempt: 1 },
      { type: 'disconnect' },
      { type: 'connect', walletType: 'metamask', attempt: 2 },
      { type: 'failed', attempt: 1, error: 'old failure' },
    ]);
    expect(walletStatus(superseded)).toBe('connecting');
    expect(superseded.error).toBeNull();
  });

  it('ignores results that arrive while nothing is connecting', () => {
    expect(run([{ type: 'failed', attempt: 0, error: 'x' }])).toEqual(initialWalletState);
  });
});
