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
const INTEGER = /^-?\d{1,20}$/;

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
    !INTEGER.test(parts[1]) ||
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
