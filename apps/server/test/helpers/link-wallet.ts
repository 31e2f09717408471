import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import type { Account } from './factories';
import type { TestApp } from './test-app';

/**
 * Links a MetaMask wallet to the account as a user does: the challenge from /api/store/values,
 * signed by the wallet's key and sent to /api/users/create (decision 010).
 */
export async function linkWallet(app: TestApp, who: Account, privateKey: Hex): Promise<void> {
  const wallet = privateKeyToAccount(privateKey);
  const githubUsername = who.user.githubUsername;
  const as = (url: string, payload: object) =>
    app.server.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });
  const stored = await as('/api/store/values', { githubUsername, publicKey: wallet.address });
  expect(stored.statusCode, stored.body).toBe(200);
  const { message } = stored.json<{ challenge: { message: string } }>().challenge;
  const linked = await as('/api/users/create', {
    walletAddress: wallet.address,
    githubUsername,
    walletType: 'metamask',
    publicKey: wallet.address,
    message,
    signature: await wallet.signMessage({ message }),
  });
  expect(linked.statusCode, linked.body).toBe(200);
}
