import type { DirectorySort } from '@openstake/core';
import { AppError } from '../../errors';

/**
 * Where a directory page ends, for the next page of the same sort: the last row's sort key (XP,
 * or last activity in microseconds since the epoch as text, exact where a Date is not) and id.
 */
export interface DirectoryCursor {
  sort: DirectorySort;
  key: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/**
 * The keys a page can end on: XP fits a PostgreSQL integer and is never negative; last activity
 * is whole microseconds since the epoch, at most 16 digits (until the year 2286), so the query's
 * `::int`, `::bigint` and timestamp arithmetic never overflow on a forged cursor.
 */
const XP_KEY = /^\d{1,10}$/;
const XP_MAX = 2_147_483_647;
const MICROS_KEY = /^\d{1,16}$/;
const validKey = (sort: unknown, key: string): boolean =>
  sort === 'recent' ? MICROS_KEY.test(key) : XP_KEY.test(key) && Number(key) <= XP_MAX;

export const encodeDirectoryCursor = (cursor: DirectoryCursor): string =>
  Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString('base64url');

/** The cursor of a request, checked against the sort it asks for; a 400 when it does not fit. */
export function decodeDirectoryCursor(text: string, sort: DirectorySort): DirectoryCursor {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString());
  } catch {
    parts = null;
  }
  if (
    !Array.isArray(parts) ||
    parts.length !== 3 ||
    typeof parts[1] !== 'string' ||
    !validKey(parts[0], parts[1]) ||
    typeof parts[2] !== 'string' ||
    !UUID.test(parts[2])
  ) {
    throw new AppError('BAD_REQUEST', { message: 'Invalid cursor', field: 'cursor' });
  }
  if (parts[0] !== sort) {
    throw new AppError('BAD_REQUEST', {
      message: 'The cursor belongs to another sort order; start again from the first page',
      field: 'cursor',
    });
  }
  return { sort, key: parts[1], id: parts[2] };
}
