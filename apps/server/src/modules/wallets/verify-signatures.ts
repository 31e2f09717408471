import { createPublicKey, verify } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { hashMessage, isHex, recoverMessageAddress, recoverPublicKey, type Hex } from 'viem';
import { DER_PREFIXES } from '../../integrations/hedera/mirror-node';
import type { MirrorAccount } from '../../integrations/hedera/mirror-node';

const toHex = (signature: string): Hex =>
  (signature.startsWith('0x') ? signature : `0x${signature}`) as Hex;

/**
 * Who signed an EIP-191 personal message (MetaMask's personal_sign), recovered offline: the
 * address (lowercase) and the uncompressed public key; null when the signature is malformed.
 * An EOA's signature only: a contract wallet (ERC-1271) would need a chain to ask.
 */
export async function recoverEvmSigner(
  message: string,
  signature: string,
): Promise<{ address: string; publicKey: string } | null> {
  const hex = toHex(signature);
  if (!isHex(hex) || hex.length !== 132) return null;
  try {
    const address = await recoverMessageAddress({ message, signature: hex });
    const publicKey = await recoverPublicKey({ hash: hashMessage(message), signature: hex });
    return { address: address.toLowerCase(), publicKey };
  } catch {
    return null;
  }
}

// Hedera wallets that implement the WalletConnect `hedera_signMessage` call sign the message
// with this prefix (HIP-820's signMessage); the Hedera SDK's PrivateKey.sign signs it bare.
const hederaPrefixed = (message: string): Uint8Array => {
  const bytes = new TextEncoder().encode(message);
  const prefix = new TextEncoder().encode(`\x19Hedera Signed Message:\n${String(bytes.length)}`);
  return new Uint8Array([...prefix, ...bytes]);
};

// ED25519 public keys in DER (SubjectPublicKeyInfo) for node:crypto.
const ED25519_DER_PREFIX = Buffer.from(DER_PREFIXES.ED25519, 'hex');

function verifyEd25519(publicKey: Buffer, data: Uint8Array, signature: Buffer): boolean {
  try {
    const key = createPublicKey({
      key: Buffer.concat([ED25519_DER_PREFIX, publicKey]),
      format: 'der',
      type: 'spki',
    });
    return verify(null, data, key, signature);
  } catch {
    return false;
  }
}

function verifySecp256k1(publicKey: Buffer, data: Uint8Array, signature: Buffer): boolean {
  try {
    // Hedera signs keccak-256 of the bytes with ECDSA keys; r||s, low or high s.
    return secp256k1.verify(signature.subarray(0, 64), keccak_256(data), publicKey, {
      prehash: false,
      lowS: false,
    });
  } catch {
    return false;
  }
}

/**
 * Whether `signature` (hex) is the Hedera account's key's signature of `message`: the bytes of
 * the message, or the same with the `\x19Hedera Signed Message:\n<length>` prefix.
 */
export function verifyHederaSignature(
  key: NonNullable<MirrorAccount['key']>,
  message: string,
  signature: string,
): boolean {
  const hex = signature.replace(/^0x/, '');
  if (!/^[0-9a-fA-F]+$/.test(hex) || (hex.length !== 128 && hex.length !== 130)) return false;
  const sig = Buffer.from(hex, 'hex');
  const publicKey = Buffer.from(key.publicKey, 'hex');
  const candidates = [new TextEncoder().encode(message), hederaPrefixed(message)];
  return candidates.some((data) =>
    key.type === 'ED25519'
      ? sig.length === 64 && verifyEd25519(publicKey, data, sig)
      : verifySecp256k1(publicKey, data, sig),
  );
}
