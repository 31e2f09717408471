import { z } from 'zod';
import { AppError } from '../../errors';

/** A Hedera account as OpenStake reads it from a mirror node. */
export interface MirrorAccount {
  accountId: string;
  /** Tinybars (1 HBAR = 100,000,000). */
  balance: bigint;
  /** The account's key; null when it is not a single ED25519 or ECDSA key (e.g. a key list). */
  key: { type: 'ED25519' | 'ECDSA_SECP256K1'; publicKey: string } | null;
}

/** Reads Hedera accounts; one real client (HTTP), pointed at a mirror node or its simulator. */
export interface HederaMirror {
  /** The account, or null when the mirror node does not know it (404). */
  getAccount(accountId: string): Promise<MirrorAccount | null>;
}

// The public mirror node's GET /api/v1/accounts/{id}: only the fields OpenStake reads.
const accountSchema = z.object({
  account: z.string(),
  balance: z.object({ balance: z.union([z.number(), z.string()]) }).nullable(),
  key: z.object({ _type: z.string(), key: z.string() }).nullable(),
});

// A key in DER (SubjectPublicKeyInfo) form carries one of these prefixes before the raw key.
export const DER_PREFIXES: Record<'ED25519' | 'ECDSA_SECP256K1', string> = {
  ED25519: '302a300506032b6570032100',
  ECDSA_SECP256K1: '302d300706052b8104000a032200',
};

function rawKey(type: 'ED25519' | 'ECDSA_SECP256K1', key: string): string {
  const hex = key.toLowerCase().replace(/^0x/, '');
  const prefix = DER_PREFIXES[type];
  return hex.startsWith(prefix) ? hex.slice(prefix.length) : hex;
}

const unavailable = (cause?: unknown) =>
  new AppError('UNAVAILABLE', {
    message: 'The Hedera mirror node did not answer. Try again in a moment.',
    cause,
  });

const TIMEOUT_MS = 10_000;

/** The mirror node's REST API over HTTP (`baseUrl` without /api/v1). */
export class HttpHederaMirror implements HederaMirror {
  constructor(private readonly baseUrl: string) {}

  async getAccount(accountId: string): Promise<MirrorAccount | null> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/api/v1/accounts/${encodeURIComponent(accountId)}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw unavailable(error);
    }
    if (response.status === 404) return null;
    if (!response.ok)
      throw unavailable(new Error(`mirror node answered ${String(response.status)}`));
    const parsed = accountSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw unavailable(parsed.error);
    const { account, balance, key } = parsed.data;
    const type = key?._type;
    return {
      accountId: account,
      balance: BigInt(balance?.balance ?? 0),
      key:
        key && (type === 'ED25519' || type === 'ECDSA_SECP256K1')
          ? { type, publicKey: rawKey(type, key.key) }
          : null,
    };
  }
}

/** No mirror node configured (not demo mode, no HEDERA_MIRROR_URL): Hedera wallets are refused. */
export const notConfiguredHederaMirror: HederaMirror = {
  getAccount: () =>
    Promise.reject(
      new AppError('UNAVAILABLE', {
        message: 'Hedera wallets are not available on this server (no mirror node configured)',
      }),
    ),
};
