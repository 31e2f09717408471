import { describe, expect, it, vi } from 'vitest';

import {
  parseWeiQuantity,
  personalSign,
  readEthBalance,
  requestEvmAccount,
  sendWalletTransaction,
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

describe('sendWalletTransaction', () => {
  const HASH = `0x${'AB'.repeat(32)}`;
  const tx = {
    account: ACCOUNT.toLowerCase(),
    chainId: 296,
    to: `0x${'12'.repeat(20)}`,
    data: '0xd5210ec0',
    value: '0x14d1120d7b160000',
  };

  it('has the linked account send it on the chain named, and answers the hash', async () => {
    const wallet = provider({
      eth_requestAccounts: () => [ACCOUNT],
      eth_chainId: () => '0x128',
      eth_sendTransaction: () => HASH,
    });
    await expect(sendWalletTransaction(wallet, tx)).resolves.toBe(HASH.toLowerCase());
    expect(wallet.request).toHaveBeenLastCalledWith({
      method: 'eth_sendTransaction',
      params: [{ from: ACCOUNT.toLowerCase(), to: tx.to, data: tx.data, value: tx.value }],
    });
  });

  it('asks a wallet on another chain to switch first, and stops if it cannot', async () => {
    const switching = provider({
      eth_requestAccounts: () => [ACCOUNT],
      eth_chainId: () => '0x1',
      wallet_switchEthereumChain: () => null,
      eth_sendTransaction: () => HASH,
    });
    await expect(sendWalletTransaction(switching, tx)).resolves.toBe(HASH.toLowerCase());
    expect(switching.request).toHaveBeenCalledWith({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x128' }],
    });
    const stuck = provider({ eth_requestAccounts: () => [ACCOUNT], eth_chainId: () => '0x1' });
    await expect(sendWalletTransaction(stuck, tx)).rejects.toThrow(
      'Your wallet is on another network: switch it to chain 296 and try again.',
    );
    expect(stuck.request).not.toHaveBeenCalledWith(
      expect.objectContaining({ method: 'eth_sendTransaction' }),
    );
  });

  it('sends nothing from an account other than the linked one', async () => {
    const other = provider({ eth_requestAccounts: () => [`0x${'99'.repeat(20)}`] });
    await expect(sendWalletTransaction(other, tx)).rejects.toThrow(
      `Your wallet gives the account 0x${'99'.repeat(20)}; switch it to ${tx.account}, the wallet linked to your account.`,
    );
    expect(other.request).toHaveBeenCalledTimes(1);
  });

  it('passes on the wallet’s refusal', async () => {
    const refusing = provider({
      eth_requestAccounts: () => [ACCOUNT],
      eth_chainId: () => '0x128',
      eth_sendTransaction: () => {
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      },
    });
    await expect(sendWalletTransaction(refusing, tx)).rejects.toThrow('User rejected the request.');
  });
});
