import { z } from 'zod';

/**
 * Where a page of the stakes list ends: its last stake's created_at, in whole microseconds since
 * the epoch (PostgreSQL's own precision, so no stake placed in the same millisecond is skipped),
 * and its id, which orders stakes placed at the same microsecond.
 */
export interface StakesCursor {
  createdAtMicros: string;
  id: string;
}

const MICROS = /^\d{1,16}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE64URL = /^[A-Za-z0-9_-]{1,100}$/;

/** The opaque `nextCursor` the client sends back as `?cursor=`. */
export function encodeStakesCursor(cursor: StakesCursor): string {
  return Buffer.from(`${cursor.createdAtMicros}.${cursor.id}`).toString('base64url');
}

/** `?cursor=`: only a cursor this server made is accepted; anything else is a 400. */
export const stakesCursorSchema = z.string().transform((value, ctx): StakesCursor => {
  const [createdAtMicros = '', id = '', ...rest] = BASE64URL.test(value)
    ? Buffer.from(value, 'base64url').toString('utf8').split('.')
    : [];
  if (
    rest.length > 0 ||
    !MICROS.test(createdAtMicros) ||
    !Number.isSafeInteger(Number(createdAtMicros)) ||
    !UUID.test(id)
  ) {
    ctx.addIssue({
      code: 'custom',
      message:
        'Invalid cursor (pass the nextCursor of the previous page, or no cursor for the first page)',
    });
    return z.NEVER;
  }
  return { createdAtMicros, id };
});
