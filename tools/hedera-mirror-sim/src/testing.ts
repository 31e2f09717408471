import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { MirrorKeyType } from './start-hedera-mirror-sim';

/** A Hedera key pair for tests: what a Hedera wallet (or the SDK's PrivateKey.sign) holds. */
export interface HederaTestKey {
  type: MirrorKeyType;
  /** The public key as the mirror node shows it: raw hex (32 or 33 compressed bytes). */
  publicKey: string;
  /** Signs bytes as Hedera does: ED25519 the bytes, ECDSA keccak-256 of them; hex r||s. */
  sign(message: Uint8Array | string): string;
}

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const bytesOf = (message: Uint8Array | string): Uint8Array =>
  typeof message === 'string' ? new TextEncoder().encode(message) : message;

export function hederaTestKey(type: MirrorKeyType): HederaTestKey {
  if (type === 'ED25519') {
    const secret = ed25519.utils.randomSecretKey();
    return {
      type,
      publicKey: hex(ed25519.getPublicKey(secret)),
      sign: (message) => hex(ed25519.sign(bytesOf(message), secret)),
    };
  }
  const secret = secp256k1.utils.randomSecretKey();
  return {
    type,
    publicKey: hex(secp256k1.getPublicKey(secret, true)),
    sign: (message) =>
      hex(secp256k1.sign(keccak_256(bytesOf(message)), secret, { prehash: false })),
  };
}
