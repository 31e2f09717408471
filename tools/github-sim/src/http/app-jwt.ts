import { verify } from 'node:crypto';
import { SimError } from '../sim-error';
import type { SimApp, SimState } from '../sim-state';

/**
 * A GitHub App's JWT, checked as GitHub checks it: RS256, signed with the app's private key,
 * `iss` the app id (or its client id), `iat` not in the future, `exp` in the future and at most
 * 10 minutes away. The check runs on the real clock (the client signs with its own), not
 * on the simulator's `now()`, which only moves installation-token expiry.
 */

const DOCS = 'https://docs.github.com/rest';
/** GitHub tolerates a little clock drift on `iat`. */
const IAT_LEEWAY_S = 60;
const MAX_LIFETIME_S = 600;

export const looksLikeJwt = (token: string): boolean =>
  /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token);

const refuse = (message: string) => new SimError(401, message, { documentationUrl: DOCS });
const undecodable = () => refuse('A JSON web token could not be decoded');

function decodePart(part: string): Record<string, unknown> {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw undecodable();
    return value as Record<string, unknown>;
  } catch {
    throw undecodable();
  }
}

/** The app the JWT authenticates, or GitHub's 401 with its message. */
export function verifyAppJwt(state: SimState, jwt: string, nowMs = Date.now()): SimApp {
  const [headerPart = '', payloadPart = '', signaturePart = ''] = jwt.split('.');
  const header = decodePart(headerPart);
  const claims = decodePart(payloadPart);
  if (header.alg !== 'RS256') throw undecodable();
  const iss = claims.iss;
  const app =
    typeof iss === 'number' || (typeof iss === 'string' && /^\d+$/.test(iss))
      ? state.findApp(Number(iss))
      : typeof iss === 'string'
        ? state.apps.find((a) => a.clientId === iss)
        : undefined;
  if (!app) throw undecodable();
  const signed = verify(
    'RSA-SHA256',
    Buffer.from(`${headerPart}.${payloadPart}`),
    app.publicKey,
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!signed) throw undecodable();
  const now = Math.floor(nowMs / 1000);
  const { iat, exp } = claims;
  if (typeof iat !== 'number' || !Number.isInteger(iat) || iat > now + IAT_LEEWAY_S) {
    throw refuse(
      "'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued",
    );
  }
  if (typeof exp !== 'number' || exp <= now) {
    throw refuse(
      "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires",
    );
  }
  if (exp > now + MAX_LIFETIME_S) {
    throw refuse("'Expiration time' claim ('exp') is too far in the future");
  }
  return app;
}
