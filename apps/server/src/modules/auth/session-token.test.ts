import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signSessionToken, verifySessionToken } from './session-token';

const secret = new TextEncoder().encode('a-session-secret-of-at-least-32-characters');
const claims = {
  sub: '0b1c2d3e-aaaa-4bbb-8ccc-dddd00001111',
  sid: '5f0c3d9e-1111-4222-8333-444455556666',
  role: 'contributor' as const,
};
const issuedAt = new Date('2026-11-24T00:00:00Z');
const expiresAt = new Date('2026-12-24T00:00:00Z');
const now = new Date('2026-11-25T00:00:00Z');
const token = signSessionToken(secret, claims, { issuedAt, expiresAt });
const [header, payload, signature] = token.split('.') as [string, string, string];
const json = (segment: string) =>
  JSON.parse(Buffer.from(segment, 'base64url').toString()) as Record<string, unknown>;
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const signed = (h: string, p: string, key = secret) =>
  `${h}.${p}.${createHmac('sha256', key).update(`${h}.${p}`).digest('base64url')}`;

describe('session tokens', () => {
  it('are HS256 JWTs whose payload carries the role, session, user, issuer and times', () => {
    expect(json(header)).toEqual({ alg: 'HS256' });
    expect(json(payload)).toEqual({
      ...claims,
      iss: 'openstake',
      iat: issuedAt.getTime() / 1000,
      exp: expiresAt.getTime() / 1000,
    });
    expect(verifySessionToken(secret, token, now)).toEqual({ sid: claims.sid, sub: claims.sub });
  });

  it('still accept the tokens of sessions signed before (by the jose library)', () => {
    const earlier =
      'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiY29udHJpYnV0b3IiLCJzaWQiOiI1ZjBjM2Q5ZS0xMTExLTQyMjItODMzMy00NDQ0NTU1NTY2NjYiLCJzdWIiOiIwYjFjMmQzZS1hYWFhLTRiYmItOGNjYy1kZGRkMDAwMDExMTEiLCJpc3MiOiJvcGVuc3Rha2UiLCJpYXQiOjE3OTUwMDAwMDAsImV4cCI6NDEwMjQ0NDgwMH0.CE3gTBluU9RC_ttoG_czaG9dLkHMpJX_EwVUtt7lhh8';
    expect(verifySessionToken(secret, earlier, now)).toEqual({ sid: claims.sid, sub: claims.sub });
  });

  it('are refused once expired', () => {
    expect(verifySessionToken(secret, token, expiresAt)).toBeNull();
    expect(verifySessionToken(secret, token, new Date(expiresAt.getTime() - 1000))).not.toBeNull();
  });

  it('are refused when signed with another secret, or changed after signing', () => {
    const other = new TextEncoder().encode('another-session-secret-of-32-characters!');
    expect(verifySessionToken(other, token, now)).toBeNull();
    const promoted = b64({ ...json(payload), role: 'maintainer', sub: 'someone-else' });
    expect(verifySessionToken(secret, `${header}.${promoted}.${signature}`, now)).toBeNull();
    expect(
      verifySessionToken(secret, `${header}.${payload}.${signature.slice(0, -2)}`, now),
    ).toBeNull();
  });

  it('are refused with any other header: "none", another algorithm, extra fields', () => {
    for (const other of [{ alg: 'none' }, { alg: 'HS512' }, { alg: 'HS256', kid: 'x' }]) {
      expect(verifySessionToken(secret, signed(b64(other), payload), now)).toBeNull();
    }
    expect(verifySessionToken(secret, `${b64({ alg: 'none' })}.${payload}.`, now)).toBeNull();
  });

  it('are refused from another issuer, without an expiry, before their nbf, or with no session', () => {
    const base = json(payload);
    for (const changed of [
      { ...base, iss: 'elsewhere' },
      { ...base, exp: undefined },
      { ...base, exp: String(base.exp) },
      { ...base, nbf: now.getTime() / 1000 + 60 },
      { ...base, sid: undefined },
      { ...base, sub: 42 },
    ]) {
      expect(verifySessionToken(secret, signed(header, b64(changed)), now)).toBeNull();
    }
    expect(
      verifySessionToken(secret, signed(header, b64(['not', 'an', 'object'])), now),
    ).toBeNull();
    expect(verifySessionToken(secret, signed(header, 'bm90IGpzb24'), now)).toBeNull();
    expect(verifySessionToken(secret, 'not-a-token', now)).toBeNull();
  });
});
