import { describe, expect, it } from 'vitest';
import type { Clock } from '../../context';
import { createOAuthState, readOAuthState } from './oauth-state';

const secrets = {
  sessionSecret: new TextEncoder().encode('x'.repeat(40)),
  encryptionKey: Buffer.alloc(32),
};
const at = (iso: string): Clock => ({ now: () => new Date(iso) });
const ctx = { secrets, clock: at('2026-11-22T10:00:00Z') };
const intent = { purpose: 'link' as const, userId: 'u1', returnTo: '/contributor/dashboard' };

describe('OAuth state', () => {
  it('round-trips the intent for the browser holding the nonce', async () => {
    const { state, nonce } = await createOAuthState(intent, ctx);
    expect(await readOAuthState(state, nonce, ctx)).toEqual(intent);
  });

  it.each([
    ['another nonce', async (state: string) => readOAuthState(state, 'other', ctx)],
    ['no nonce cookie', async (state: string) => readOAuthState(state, undefined, ctx)],
    [
      'a tampered state',
      async (state: string, nonce: string) => readOAuthState(`${state}A`, nonce, ctx),
    ],
    [
      'after ten minutes',
      async (state: string, nonce: string) =>
        readOAuthState(state, nonce, { secrets, clock: at('2026-11-22T10:10:01Z') }),
    ],
  ])('is refused with %s', async (_name, read) => {
    const { state, nonce } = await createOAuthState(intent, ctx);
    await expect(read(state, nonce)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The GitHub sign-in link expired or was already used. Please try again.',
    });
  });
});
