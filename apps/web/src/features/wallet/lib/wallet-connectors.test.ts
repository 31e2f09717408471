import { describe, expect, it, vi } from 'vitest';

import {
  parseWeiQuantity,
  personalSign,
  readEthBalance,
  requestEvmAccount,
  signatureHex,
  signWithHederaSigner,
  walletErrorMessage,
  WalletConnectError,
  type Eip1193Provider,
} from './wallet-connectors';

function provider(answers: Record<string, (params?: readonly unknown[]) => unknown>) {
  const request = vi.fn(({ method, params }: { method: string; params?: readonly unknown[] }) => {
    const answer = answers[method];
    if (!answer) return Promise.reject(new Error(`unexpected ${method}`));
    try {
      return Promise.resolve(answer(params));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  });
  return { request } satisfies Eip1193Provider;
}

const ACCOUNT = '0x1234567890abcdef1234567890ABCDEF12345678';

describe('parseWeiQuantity', () => {
  it('reads hex quantities only', () => {
    expect(parseWeiQuantity('0x0')).toBe(0n);
    expect(parseWeiQuantity('0xDE0B6B3A7640000')).toBe(10n ** 18n);
    expect(parseWeiQuantity('12')).toBeNull();
    expect(parseWeiQuantity('0x')).toBeNull();
    expect(parseWeiQuantity(12)).toBeNull();
  });
});

describe('requestEvmAccount', () => {
  it('says MetaMask is not installed without a provider', async () => {
    const failure = requestEvmAccount(undefined);
    await expect(failure).rejects.toBeInstanceOf(WalletConnectError);
    await expect(failure).rejects.toMatchObject({
      kind: 'metamask-missing',
      message: 'MetaMask is not installed',
    });
  });

  it('needs at least one account', async () => {
    await expect(
      requestEvmAccount(provider({ eth_requestAccounts: () => [] })),
    ).rejects.toMatchObject({ kind: 'metamask-no-accounts', message: 'No accounts found' });
  });

  it('answers the first account, lowercased', async () => {
    await expect(
      requestEvmAccount(provider({ eth_requestAccounts: () => [ACCOUNT, '0xother'] })),
    ).resolves.toBe(ACCOUNT.toLowerCase());
  });
});

describe('personalSign', () => {
  it('sends the UTF-8 bytes of the message as hex with the account', async () => {
    const wallet = provider({ personal_sign: () => '0xsig' });
    await expect(personalSign(wallet, ACCOUNT, 'hé')).resolves.toBe('0xsig');
    expect(wallet.request).toHaveBeenCalledWith({
      method: 'personal_sign',
      params: ['0x68c3a9', ACCOUNT],
    });
  });
});

describe('readEthBalance', () => {
  it('reads the balance in wei and shows ETH with 4 decimals', async () => {
    const wallet = provider({ eth_getBalance: () => '0x1BC16D674EC80000' });
    await expect(readEthBalance(wallet, ACCOUNT)).resolves.toBe('2.0000');
    expect(wallet.request).toHaveBeenCalledWith({
      method: 'eth_getBalance',
      params: [ACCOUNT, 'latest'],
    });
  });

  it('has no balance when the wallet cannot say', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const wallet = provider({
      eth_getBalance: () => {
        throw new Error('rpc down');
      },
    });
    await expect(readEthBalance(wallet, ACCOUNT)).resolves.toBeNull();
    await expect(readEthBalance(undefined, ACCOUNT)).resolves.toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('the injected Hedera signer', () => {
  it('signs the UTF-8 bytes of the challenge; bytes or hex both come back as hex', async () => {
    const signMessage = vi.fn((bytes: Uint8Array) => new Uint8Array([bytes.length, 0xab]));
    await expect(
      signWithHederaSigner({ getAccountId: () => '0.0.4500001', signMessage }, 'abc'),
    ).resolves.toBe('03ab');
    expect(signatureHex('0xABCD ')).toBe('ABCD');
  });
});

describe('walletErrorMessage', () => {
  it("uses the wallet's own refusal, else the fallback", () => {
    expect(walletErrorMessage({ code: 4001, message: 'User rejected the request.' }, 'x')).toBe(
      'User rejected the request.',
    );
    expect(walletErrorMessage(null, 'Failed to connect to MetaMask')).toBe(
      'Failed to connect to MetaMask',
    );
  });
});
