import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from '@openstake/core';

/**
 * Session tokens are HS256 JSON Web Tokens (RFC 7519), signed and checked with node:crypto's
 * HMAC on the secret's bytes: no key object to import on each request. The header is always
 * `{"alg":"HS256"}`, so a token with any other header (another algorithm, "none") is refused by
 * comparing that one segment.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
const ISSUER = 'openstake';

export interface SessionClaims {
  /** The user's id. */
  sub: string;
  /** The session row's id. */
  sid: string;
  /** The role, which the original client decodes; the server reads the role from the row. */
  role: Role;
}

const sign = (secret: Uint8Array, signingInput: string): Buffer =>
  createHmac('sha256', secret).update(signingInput).digest();

export function signSessionToken(
  secret: Uint8Array,
  claims: SessionClaims,
  times: { issuedAt: Date; expiresAt: Date },
): string {
  const payload = Buffer.from(
    JSON.stringify({
      role: claims.role,
      sid: claims.sid,
      sub: claims.sub,
      iss: ISSUER,
      iat: Math.floor(times.issuedAt.getTime() / 1000),
      exp: Math.floor(times.expiresAt.getTime() / 1000),
    }),
  ).toString('base64url');
  const signingInput = `${HEADER}.${payload}`;
  return `${signingInput}.${sign(secret, signingInput).toString('base64url')}`;
}

/** The token's session and user when its signature, issuer and expiry hold at `now`; else null. */
export function verifySessionToken(
  secret: Uint8Array,
  token: string,
  now: Date,
): { sid: string; sub: string } | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const [, payload, signature] = parts as [string, string, string];
  const expected = sign(secret, `${HEADER}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  const { iss, exp, nbf, sid, sub } = claims as Record<string, unknown>;
  const seconds = now.getTime() / 1000;
  if (iss !== ISSUER || typeof exp !== 'number' || exp <= seconds) return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > seconds)) return null;
  return typeof sid === 'string' && typeof sub === 'string' ? { sid, sub } : null;
}
