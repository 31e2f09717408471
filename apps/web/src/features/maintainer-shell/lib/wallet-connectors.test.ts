import { describe, expect, it, vi } from 'vitest';

import {
  formatWeiAsEth,
  HEDERA_COMING_SOON,
  hederaPlaceholderConnector,
  metamaskConnector,
  parseWeiQuantity,
  walletErrorMessage,
  WalletConnectError,
  type Eip1193Provider,
} from './wallet-connectors';

function provider(answers: Record<string, () => unknown>): Eip1193Provider {
  return {
    request: vi.fn(({ method }: { method: string }) => {
      const answer = answers[method];
      if (!answer) return Promise.reject(new Error(`unexpected ${method}`));
      try {
        return Promise.resolve(answer());
      } catch (error) {
        return Promise.reject(error as Error);
      }
    }),
  };
}

describe('formatWeiAsEth', () => {
  it('shows 4 decimals and never rounds up', () => {
    expect(formatWeiAsEth(0n)).toBe('0.0000');
    expect(formatWeiAsEth(10n ** 18n)).toBe('1.0000');
    expect(formatWeiAsEth(1_234_567_890_000_000_000n)).toBe('1.2345');
    expect(formatWeiAsEth(999_999_999_999_999_999n)).toBe('0.9999');
    expect(formatWeiAsEth(50_000_000_000_000n)).toBe('0.0000');
    expect(formatWeiAsEth(12_345n * 10n ** 18n)).toBe('12345.0000');
  });

  it('refuses a negative balance', () => {
    expect(() => formatWeiAsEth(-1n)).toThrow(RangeError);
  });
});

describe('parseWeiQuantity', () => {
  it('reads hex quantities only', () => {
    expect(parseWeiQuantity('0x0')).toBe(0n);
    expect(parseWeiQuantity('0xDE0B6B3A7640000')).toBe(10n ** 18n);
    expect(parseWeiQuantity('12')).toBeNull();
    expect(parseWeiQuantity('0x')).toBeNull();
    expect(parseWeiQuantity(12)).toBeNull();
  });
});

describe('hedera placeholder', () => {
  it('says the Hedera wallet is coming soon', async () => {
    await expect(hederaPlaceholderConnector.connect()).rejects.toThrow(HEDERA_COMING_SOON);
    expect(HEDERA_COMING_SOON).toContain('coming soon');
  });
});

describe('metamask connector', () => {
  it('asks the user to install MetaMask when there is no extension', async () => {
    await expect(metamaskConnector(() => undefined).connect()).rejects.toThrow(
      'MetaMask is not installed. Please install it from metamask.io',
    );
  });

  it('needs at least one account', async () => {
    const connector = metamaskConnector(() => provider({ eth_requestAccounts: () => [] }));
    const failure = connector.connect();
    await expect(failure).rejects.toBeInstanceOf(WalletConnectError);
    await expect(failure).rejects.toThrow('No accounts found in MetaMask.');
  });

  it('connects the first account and reads its balance in ETH', async () => {
    const wallet = provider({
      eth_requestAccounts: () => ['0x1234567890abcdef1234567890abcdef12345678', '0xother'],
      eth_getBalance: () => '0x1BC16D674EC80000', // 2 ETH
    });
    await expect(metamaskConnector(() => wallet).connect()).resolves.toEqual({
      accountId: '0x1234567890abcdef1234567890abcdef12345678',
      balance: '2.0000',
    });
    expect(wallet.request).toHaveBeenCalledWith({
      method: 'eth_getBalance',
      params: ['0x1234567890abcdef1234567890abcdef12345678', 'latest'],
    });
  });

  it('stays connected without a balance when the balance cannot be read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const wallet = provider({
      eth_requestAccounts: () => ['0xabc'],
      eth_getBalance: () => {
        throw new Error('rpc down');
      },
    });
    await expect(metamaskConnector(() => wallet).connect()).resolves.toEqual({
      accountId: '0xabc',
      balance: null,
    });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("passes on the wallet's own refusal", async () => {
    const wallet: Eip1193Provider = {
      request: () => Promise.reject({ code: 4001, message: 'User rejected the request.' }),
    };
    const error: unknown = await metamaskConnector(() => wallet)
      .connect()
      .catch((e: unknown) => e);
    expect(walletErrorMessage(error, 'Failed to connect to MetaMask')).toBe(
      'User rejected the request.',
    );
  });
});

describe('walletErrorMessage', () => {
  it('falls back when there is no usable message', () => {
    expect(walletErrorMessage(undefined, 'fallback')).toBe('fallback');
    expect(walletErrorMessage({ message: '  ' }, 'fallback')).toBe('fallback');
    expect(walletErrorMessage('boom', 'fallback')).toBe('fallback');
    expect(walletErrorMessage(new Error('precise'), 'fallback')).toBe('precise');
  });
});
