import { hederaTestKey } from '@openstake/hedera-mirror-sim/testing';
import type { HederaMirrorSim } from '@openstake/hedera-mirror-sim';
import { count, eq } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { walletChallenges, wallets } from '../src/db/schema';
import { createUser, type Account } from './helpers/factories';
import { buildTestApp, type TestApp } from './helpers/test-app';

let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

let app: TestApp;
let mirror: HederaMirrorSim;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  app = await buildTestApp({}, { clock });
  mirror = app.hederaMirrorSim!;
  alice = await createUser(app, 'contributor');
  bob = await createUser(app, 'maintainer');
});
afterAll(() => app.close());
beforeEach(() => {
  offsetMs = 0;
});

const auth = (account: Account) => ({ authorization: `Bearer ${account.token}` });
const nameOf = (account: Account) => account.user.githubUsername!;

interface Challenge {
  walletType: 'hedera' | 'metamask';
  address: string;
  message: string;
  expiresAt: string;
}

async function storeValues(account: Account, publicKey: string, extra: object = {}) {
  return app.server.inject({
    method: 'POST',
    url: '/api/store/values',
    headers: auth(account),
    payload: { githubUsername: nameOf(account), publicKey, ...extra },
  });
}

async function challengeFor(account: Account, publicKey: string): Promise<Challenge> {
  const res = await storeValues(account, publicKey);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ challenge: Challenge }>().challenge;
}

function linkMetamask(
  account: Account,
  body: { walletAddress: string; message?: string; signature?: string },
) {
  return app.server.inject({
    method: 'POST',
    url: '/api/users/create',
    headers: auth(account),
    payload: {
      githubUsername: nameOf(account),
      walletType: 'metamask',
      publicKey: body.walletAddress,
      role: 'contributor',
      owner: null,
      repo: null,
      issue: null,
      ...body,
    },
  });
}

async function walletsOf(account: Account) {
  const res = await app.server.inject({
    method: 'GET',
    url: '/api/wallet',
    headers: auth(account),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{
    data: {
      githubUsername: string;
      wallets: { walletType: string; address: string; publicKey: string }[];
    };
  }>().data;
}

async function disconnect(account: Account, walletType: string) {
  return app.server.inject({
    method: 'DELETE',
    url: `/api/wallet/${walletType}`,
    headers: auth(account),
  });
}

const newEvmAccount = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

describe('POST /api/store/values', () => {
  it("answers a Sign-In with Ethereum challenge for the typed address, this app's domain and chain, valid 5 minutes", async () => {
    const wallet = newEvmAccount();
    const res = await storeValues(alice, wallet.address, {
      owner: 'openstake-labs',
      repo: 'stake-engine',
      issue: '12',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; message: string; challenge: Challenge }>();
    expect(body.success).toBe(true);
    expect(body.message).toBe('Values stored successfully! You can now connect your wallet.');
    expect(body.challenge.walletType).toBe('metamask');
    expect(body.challenge.address).toBe(wallet.address.toLowerCase());
    const siwe = parseSiweMessage(body.challenge.message);
    expect(siwe.domain).toBe('localhost');
    expect(siwe.address).toBe(wallet.address);
    expect(siwe.chainId).toBe(1);
    expect(siwe.version).toBe('1');
    expect(siwe.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(siwe.statement).toContain(`GitHub: ${nameOf(alice)}`);
    expect(siwe.expirationTime!.getTime() - siwe.issuedAt!.getTime()).toBe(5 * 60_000);
    expect(body.challenge.expiresAt).toBe(siwe.expirationTime!.toISOString());

    // The nonce is in the message only: the database holds its hash and the form's values.
    const [row] = await app.ctx.db
      .select()
      .from(walletChallenges)
      .where(eq(walletChallenges.address, wallet.address.toLowerCase()));
    expect(row!.nonceHash).not.toContain(siwe.nonce!);
    expect(JSON.stringify(row)).not.toContain(siwe.nonce!);
    expect(row!.context).toEqual({
      githubUsername: nameOf(alice),
      owner: 'openstake-labs',
      repo: 'stake-engine',
      issue: 12,
    });
  });

  it('answers a plain-text challenge for a Hedera account id', async () => {
    const challenge = await challengeFor(alice, '0.0.4599999');
    expect(challenge.walletType).toBe('hedera');
    expect(challenge.message).toMatch(
      /^localhost wants you to sign with your Hedera account:\n0\.0\.4599999\n/,
    );
    expect(challenge.message).toMatch(/\nNonce: [0-9a-f]{32}\n/);
  });

  it("refuses someone else's GitHub name", async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/store/values',
      headers: auth(alice),
      payload: { githubUsername: nameOf(bob), publicKey: newEvmAccount().address },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'FORBIDDEN',
      field: 'githubUsername',
      message: `You can only link a wallet to your own GitHub username (${nameOf(alice)})`,
    });
  });

  it("validates like the form, with the product's messages", async () => {
    const send = (payload: object) =>
      app.server.inject({
        method: 'POST',
        url: '/api/store/values',
        headers: auth(alice),
        payload,
      });
    const message = async (payload: object) => {
      const res = await send(payload);
      expect(res.statusCode).toBe(400);
      return res.json<{ message: string }>().message;
    };
    expect(await message({ githubUsername: '', publicKey: '0x12345678901' })).toContain(
      'GitHub username is required',
    );
    expect(await message({ githubUsername: '-bad-', publicKey: '0x12345678901' })).toContain(
      'Invalid GitHub username format',
    );
    expect(await message({ githubUsername: nameOf(alice), publicKey: '' })).toContain(
      'Public address is required',
    );
    expect(await message({ githubUsername: nameOf(alice), publicKey: '0x1234' })).toContain(
      'Public address is too short',
    );
    expect(
      await message({ githubUsername: nameOf(alice), publicKey: 'not-an-address-at-all' }),
    ).toContain('Enter an EVM address');
  });

  it('is refused to companies and anonymous visitors', async () => {
    const company = await createUser(app, 'company');
    const payload = { githubUsername: 'someone', publicKey: newEvmAccount().address };
    const asCompany = await app.server.inject({
      method: 'POST',
      url: '/api/store/values',
      headers: auth(company),
      payload,
    });
    expect(asCompany.statusCode).toBe(403);
    const anonymous = await app.server.inject({
      method: 'POST',
      url: '/api/store/values',
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('linking a MetaMask wallet (POST /api/users/create)', () => {
  it('links the wallet whose key signed the challenge, once', async () => {
    const wallet = newEvmAccount();
    const challenge = await challengeFor(alice, wallet.address);
    const signature = await wallet.signMessage({ message: challenge.message });

    const res = await linkMetamask(alice, {
      walletAddress: wallet.address,
      message: challenge.message,
      signature,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ user: { githubUsername: string }; wallet: { publicKey: string } }>();
    expect(body.user.githubUsername).toBe(nameOf(alice));
    expect(body.wallet).toMatchObject({
      walletType: 'metamask',
      address: wallet.address.toLowerCase(),
      publicKey: wallet.publicKey,
    });
    expect((await walletsOf(alice)).wallets).toEqual([
      expect.objectContaining({ walletType: 'metamask', address: wallet.address.toLowerCase() }),
    ]);

    // The same signed challenge again: used.
    const replay = await linkMetamask(alice, {
      walletAddress: wallet.address,
      message: challenge.message,
      signature,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json<{ message: string }>().message).toBe(
      'This challenge expired or was already used. Store the values again to get a new one.',
    );
    expect((await disconnect(alice, 'metamask')).statusCode).toBe(200);
  });

  it('refuses a signature by another key', async () => {
    const wallet = newEvmAccount();
    const challenge = await challengeFor(alice, wallet.address);
    const signature = await newEvmAccount().signMessage({ message: challenge.message });
    const res = await linkMetamask(alice, {
      walletAddress: wallet.address,
      message: challenge.message,
      signature,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      `The signature was not made by ${wallet.address.toLowerCase()}`,
    );
    expect((await walletsOf(alice)).wallets).toEqual([]);
  });

  it('refuses a challenge issued for another address, even signed by the wallet it names', async () => {
    const issued = newEvmAccount();
    const other = newEvmAccount();
    const challenge = await challengeFor(alice, issued.address);
    const res = await linkMetamask(alice, {
      walletAddress: other.address,
      message: challenge.message,
      signature: await other.signMessage({ message: challenge.message }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      'This challenge was issued for another wallet address',
    );
    expect((await walletsOf(alice)).wallets).toEqual([]);
  });

  it('refuses a message for another domain (or any other change), even correctly signed', async () => {
    const wallet = newEvmAccount();
    const challenge = await challengeFor(alice, wallet.address);
    for (const changed of [
      challenge.message.replace('localhost wants you', 'evil.example wants you'),
      challenge.message.replace('Chain ID: 1', 'Chain ID: 5'),
      challenge.message.replace(/Expiration Time: .*/, 'Expiration Time: 2999-01-01T00:00:00.000Z'),
    ]) {
      expect(changed).not.toBe(challenge.message);
      const res = await linkMetamask(alice, {
        walletAddress: wallet.address,
        message: changed,
        signature: await wallet.signMessage({ message: changed }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(
        'The signed message is not the challenge OpenStake issued',
      );
    }
    expect((await walletsOf(alice)).wallets).toEqual([]);
  });

  it('refuses an expired challenge', async () => {
    const wallet = newEvmAccount();
    const challenge = await challengeFor(alice, wallet.address);
    offsetMs = 5 * 60_000 + 1000;
    const res = await linkMetamask(alice, {
      walletAddress: wallet.address,
      message: challenge.message,
      signature: await wallet.signMessage({ message: challenge.message }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('expired or was already used');
    expect((await walletsOf(alice)).wallets).toEqual([]);
  });

  it("refuses another user's challenge, signed by the wallet", async () => {
    const wallet = newEvmAccount();
    const challenge = await challengeFor(alice, wallet.address);
    const res = await linkMetamask(bob, {
      walletAddress: wallet.address,
      message: challenge.message,
      signature: await wallet.signMessage({ message: challenge.message }),
    });
    expect(res.statusCode).toBe(400);
    expect((await walletsOf(bob)).wallets).toEqual([]);
  });

  it('links nothing for a typed address without a signature', async () => {
    const typed = newEvmAccount().address;
    await challengeFor(alice, typed);
    const res = await linkMetamask(alice, { walletAddress: typed });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(
      'A MetaMask wallet is linked only with its signature of the challenge',
    );
    const hedera = await app.server.inject({
      method: 'POST',
      url: '/api/users/create',
      headers: auth(alice),
      payload: {
        walletAddress: '0.0.4512345',
        githubUsername: nameOf(alice),
        walletType: 'hedera',
        publicKey: 'ab'.repeat(32),
        role: 'contributor',
      },
    });
    expect(hedera.statusCode).toBe(400);
    expect(hedera.json<{ message: string }>().message).toBe(
      'Connect this Hedera account first: its key must sign the challenge',
    );
    const [linked] = await app.ctx.db.select({ value: count() }).from(wallets);
    expect(linked?.value).toBe(0);
  });

  it('relinking replaces the earlier wallet; a wallet belongs to one account; disconnect forgets it', async () => {
    const first = newEvmAccount();
    const second = newEvmAccount();
    for (const wallet of [first, second]) {
      const challenge = await challengeFor(alice, wallet.address);
      const res = await linkMetamask(alice, {
        walletAddress: wallet.address,
        message: challenge.message,
        signature: await wallet.signMessage({ message: challenge.message }),
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await walletsOf(alice)).wallets.map((w) => w.address)).toEqual([
      second.address.toLowerCase(),
    ]);

    // Bob proves he holds Alice's wallet's key? He cannot; and the same key is refused for him.
    const challenge = await challengeFor(bob, second.address);
    const taken = await linkMetamask(bob, {
      walletAddress: second.address,
      message: challenge.message,
      signature: await second.signMessage({ message: challenge.message }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toBe(
      'This wallet is already linked to another OpenStake account',
    );

    expect((await disconnect(alice, 'metamask')).statusCode).toBe(200);
    expect((await walletsOf(alice)).wallets).toEqual([]);
    expect((await disconnect(alice, 'metamask')).statusCode).toBe(404);
  });
});

describe('linking a Hedera wallet (POST /api/hedera/connect)', () => {
  const connect = (account: Account, body: object) =>
    app.server.inject({
      method: 'POST',
      url: '/api/hedera/connect',
      headers: auth(account),
      payload: { useEnvCredentials: true, githubUsername: nameOf(account), ...body },
    });

  for (const type of ['ED25519', 'ECDSA_SECP256K1'] as const) {
    it(`links an account whose ${type} key signed the challenge, with its balance from the mirror node`, async () => {
      const key = hederaTestKey(type);
      const accountId = mirror.createAccount({ key, balance: 1_234_567_890n });
      const challenge = await challengeFor(bob, accountId);

      const res = await connect(bob, {
        publicKey: accountId,
        message: challenge.message,
        signature: key.sign(challenge.message),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        error: null,
        accountId,
        balance: '12.3456',
        publicKey: key.publicKey,
      });

      // The wallet user record then answers with the name it is linked under.
      const created = await app.server.inject({
        method: 'POST',
        url: '/api/users/create',
        headers: auth(bob),
        payload: {
          walletAddress: accountId,
          githubUsername: nameOf(bob),
          walletType: 'hedera',
          publicKey: key.publicKey,
          role: 'contributor',
          owner: null,
          repo: null,
          issue: null,
        },
      });
      expect(created.statusCode).toBe(200);
      expect(created.json<{ user: { githubUsername: string } }>().user.githubUsername).toBe(
        nameOf(bob),
      );
      // The maintainer stays a maintainer: nothing but the wallet changed.
      const me = await app.server.inject({ method: 'GET', url: '/api/user', headers: auth(bob) });
      expect(me.json<{ user: { role: string } }>().user.role).toBe('maintainer');

      mirror.setBalance(accountId, 500_000_000n);
      const balance = await app.server.inject({
        method: 'GET',
        url: '/api/wallet/hedera/balance',
        headers: auth(bob),
      });
      expect(balance.json()).toEqual({
        success: true,
        data: { accountId, balance: '5.0000' },
      });

      // Replayed: used.
      const replay = await connect(bob, {
        publicKey: accountId,
        message: challenge.message,
        signature: key.sign(challenge.message),
      });
      expect(replay.statusCode).toBe(400);
      expect((await disconnect(bob, 'hedera')).statusCode).toBe(200);
    });
  }

  it("accepts the signature of the message with Hedera's signMessage prefix", async () => {
    const key = hederaTestKey('ED25519');
    const accountId = mirror.createAccount({ key, balance: 0n });
    const challenge = await challengeFor(bob, accountId);
    const bytes = new TextEncoder().encode(challenge.message);
    const prefixed = `\x19Hedera Signed Message:\n${String(bytes.length)}${challenge.message}`;
    const res = await connect(bob, {
      publicKey: accountId,
      message: challenge.message,
      signature: key.sign(prefixed),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await disconnect(bob, 'hedera')).statusCode).toBe(200);
  });

  it("refuses a signature by a key other than the account's, and an unknown account", async () => {
    const key = hederaTestKey('ECDSA_SECP256K1');
    const accountId = mirror.createAccount({ key });
    const challenge = await challengeFor(bob, accountId);
    const wrong = await connect(bob, {
      publicKey: accountId,
      message: challenge.message,
      signature: hederaTestKey('ECDSA_SECP256K1').sign(challenge.message),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toBe(
      `The signature was not made by the key of Hedera account ${accountId}`,
    );

    const unknown = await challengeFor(bob, '0.0.9999999');
    const missing = await connect(bob, {
      publicKey: '0.0.9999999',
      message: unknown.message,
      signature: key.sign(unknown.message),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe(
      'Hedera account 0.0.9999999 was not found on the mirror node',
    );
    expect((await walletsOf(bob)).wallets).toEqual([]);
  });

  it('says so when the mirror node is down, and links nothing', async () => {
    const key = hederaTestKey('ED25519');
    const accountId = mirror.createAccount({ key });
    const challenge = await challengeFor(bob, accountId);
    mirror.failNext();
    const res = await connect(bob, {
      publicKey: accountId,
      message: challenge.message,
      signature: key.sign(challenge.message),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json<{ message: string }>().message).toBe(
      'The Hedera mirror node did not answer. Try again in a moment.',
    );
    expect((await walletsOf(bob)).wallets).toEqual([]);
    // The challenge was not used up by the outage.
    const retry = await connect(bob, {
      publicKey: accountId,
      message: challenge.message,
      signature: key.sign(challenge.message),
    });
    expect(retry.statusCode).toBe(200);
    expect((await disconnect(bob, 'hedera')).statusCode).toBe(200);
  });

  it('never links on the strength of useEnvCredentials: a signature is required', async () => {
    const res = await connect(bob, { publicKey: '0.0.4500001', message: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('signature is required');
  });
});
