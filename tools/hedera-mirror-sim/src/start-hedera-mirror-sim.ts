import Fastify from 'fastify';

/** The key types the public mirror node names in `key._type` for a simple key. */
export type MirrorKeyType = 'ED25519' | 'ECDSA_SECP256K1';

export interface SimAccountInput {
  /** The account's public key: 32 bytes (ED25519) or 33 compressed bytes (ECDSA), as hex. */
  key: { type: MirrorKeyType; publicKey: string };
  /** Balance in tinybars (1 HBAR = 100,000,000 tinybars); default 0. */
  balance?: bigint;
  /** An explicit account id (`0.0.N`); default the next free number. */
  accountId?: string;
}

export interface StartHederaMirrorSimOptions {
  /** Interface to listen on; default '127.0.0.1'. */
  host?: string;
  /** Port; default 0 (a free port). */
  port?: number;
  /** The first account number handed out; default 4,500,001 (ids of 11 characters). */
  firstAccountNumber?: number;
}

export interface HederaMirrorSim {
  /** e.g. `http://127.0.0.1:40123`: the mirror node's base URL (the REST API is under /api/v1). */
  url: string;
  /** Creates an account with the given key and balance; returns its id (`0.0.N`). */
  createAccount(input: SimAccountInput): string;
  /** Sets an account's balance in tinybars. */
  setBalance(accountId: string, tinybars: bigint): void;
  /** Makes the next `count` account reads answer 503, for error-handling tests. */
  failNext(count?: number): void;
  close(): Promise<void>;
}

interface SimAccount {
  accountId: string;
  key: { type: MirrorKeyType; publicKey: string };
  balance: bigint;
  createdSeconds: number;
}

const NOT_FOUND = { _status: { messages: [{ message: 'Not found' }] } };

/** A mirror node timestamp: seconds.nanoseconds. */
const timestamp = (ms: number): string =>
  `${String(Math.floor(ms / 1000))}.${String((ms % 1000) * 1_000_000).padStart(9, '0')}`;

/** The long-zero EVM address of an account id (shard and realm 0): its number in 20 bytes. */
const longZeroAddress = (accountId: string): string =>
  `0x${BigInt(accountId.split('.')[2] ?? '0')
    .toString(16)
    .padStart(40, '0')}`;

/**
 * A Hedera mirror node simulator: `GET /api/v1/accounts/{idOrEvmAddress}` in the public REST
 * API's shape (https://mainnet-public.mirrornode.hedera.com/api/v1/docs), over accounts created
 * through `createAccount`. Only what OpenStake reads is modelled (the account, its balance and
 * its key); the other fields carry the public API's neutral values.
 */
export async function startHederaMirrorSim(
  options: StartHederaMirrorSimOptions = {},
): Promise<HederaMirrorSim> {
  const accounts = new Map<string, SimAccount>();
  let next = options.firstAccountNumber ?? 4_500_001;
  let failures = 0;

  const server = Fastify({ logger: false });

  const find = (idOrAddress: string): SimAccount | undefined => {
    if (/^0x[0-9a-fA-F]{40}$/.test(idOrAddress)) {
      const wanted = idOrAddress.toLowerCase();
      return [...accounts.values()].find((a) => longZeroAddress(a.accountId) === wanted);
    }
    return accounts.get(idOrAddress);
  };

  server.get<{ Params: { id: string } }>('/api/v1/accounts/:id', async (request, reply) => {
    if (failures > 0) {
      failures -= 1;
      return reply
        .status(503)
        .send({ _status: { messages: [{ message: 'Service Unavailable' }] } });
    }
    const account = find(request.params.id);
    if (!account) return reply.status(404).send(NOT_FOUND);
    const now = Date.now();
    return {
      account: account.accountId,
      alias: null,
      auto_renew_period: 7776000,
      balance: {
        balance: Number(account.balance),
        timestamp: timestamp(now),
        tokens: [],
      },
      created_timestamp: timestamp(account.createdSeconds * 1000),
      decline_reward: false,
      deleted: false,
      ethereum_nonce: 0,
      evm_address: longZeroAddress(account.accountId),
      expiry_timestamp: null,
      key: { _type: account.key.type, key: account.key.publicKey },
      max_automatic_token_associations: 0,
      memo: '',
      pending_reward: 0,
      receiver_sig_required: false,
      staked_account_id: null,
      staked_node_id: null,
      stake_period_start: null,
      transactions: [],
      links: { next: null },
    };
  });

  // `/_sim`: the HTTP twins of createAccount, setBalance and failNext, for a test (or a demo
  // visitor) that runs outside the server's process, as the GitHub simulator's `/_sim` routes.
  server.post('/_sim/accounts', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const key = body.key as { type?: unknown; publicKey?: unknown } | undefined;
    if (
      (key?.type !== 'ED25519' && key?.type !== 'ECDSA_SECP256K1') ||
      typeof key.publicKey !== 'string'
    ) {
      return reply.status(400).send({
        message: 'key must be { type: "ED25519" | "ECDSA_SECP256K1", publicKey: hex }',
      });
    }
    const balance = tinybarsOf(body.balance ?? '0');
    if (balance === null) {
      return reply.status(400).send({ message: 'balance must be whole tinybars (a string)' });
    }
    if (body.accountId !== undefined && typeof body.accountId !== 'string') {
      return reply.status(400).send({ message: 'accountId must be a string (0.0.N)' });
    }
    try {
      const accountId = sim.createAccount({
        key: { type: key.type, publicKey: key.publicKey },
        balance,
        accountId: body.accountId,
      });
      return await reply.status(201).send({ accountId });
    } catch (error) {
      return reply.status(400).send({ message: (error as Error).message });
    }
  });
  server.post<{ Params: { id: string } }>('/_sim/accounts/:id/balance', async (request, reply) => {
    const balance = tinybarsOf(((request.body ?? {}) as Record<string, unknown>).balance);
    if (balance === null) {
      return reply.status(400).send({ message: 'balance must be whole tinybars (a string)' });
    }
    if (!accounts.has(request.params.id)) return reply.status(404).send(NOT_FOUND);
    sim.setBalance(request.params.id, balance);
    return { accountId: request.params.id, balance: balance.toString() };
  });
  server.post('/_sim/failures', async (request) => {
    const count = ((request.body ?? {}) as Record<string, unknown>).count;
    sim.failNext(typeof count === 'number' && Number.isInteger(count) && count > 0 ? count : 1);
    return { failing: failures };
  });
  server.setNotFoundHandler(async (_request, reply) => reply.status(404).send(NOT_FOUND));

  const address = await server.listen({
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
  });
  const url = address.replace('[::1]', '127.0.0.1');

  const sim: HederaMirrorSim = {
    url,
    createAccount(input) {
      if (!/^([0-9a-fA-F]{64}|[0-9a-fA-F]{66})$/.test(input.key.publicKey)) {
        throw new Error('publicKey must be 32 (ED25519) or 33 (ECDSA) bytes of hex');
      }
      const accountId = input.accountId ?? `0.0.${String(next++)}`;
      if (accounts.has(accountId)) throw new Error(`account ${accountId} exists`);
      accounts.set(accountId, {
        accountId,
        key: { type: input.key.type, publicKey: input.key.publicKey.toLowerCase() },
        balance: input.balance ?? 0n,
        createdSeconds: Math.floor(Date.now() / 1000),
      });
      return accountId;
    },
    setBalance(accountId, tinybars) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`no account ${accountId}`);
      account.balance = tinybars;
    },
    failNext(count = 1) {
      failures += count;
    },
    close: () => server.close(),
  };
  return sim;
}

/** A balance in tinybars from JSON: a string of digits (or a safe whole number), else null. */
function tinybarsOf(value: unknown): bigint | null {
  if (typeof value === 'string' && /^\d{1,30}$/.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  return null;
}
