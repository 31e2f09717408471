import { organizationParamsSchema } from '@openstake/core';

/** The original localStorage entry for the last organization used (not a secret). */
export const LAST_ORG_STORAGE_KEY = 'lastOrgLogin';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

const browserStorage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy settings); the page then simply starts empty.
    return null;
  }
};

/** The last organization used on this browser, or null when none (or not a valid login). */
export function readLastOrg(storage: Storage | null = browserStorage()): string | null {
  try {
    const value = storage?.getItem(LAST_ORG_STORAGE_KEY);
    if (!value) return null;
    const parsed = organizationParamsSchema.safeParse({ org: value });
    return parsed.success ? parsed.data.org : null;
  } catch {
    return null;
  }
}

export function rememberLastOrg(org: string, storage: Storage | null = browserStorage()): void {
  try {
    storage?.setItem(LAST_ORG_STORAGE_KEY, org);
  } catch {
    // A full or disabled storage only loses the convenience.
  }
}

/** At logout: the next person on this browser does not start from this one's organization. */
export function forgetLastOrg(storage: Storage | null = browserStorage()): void {
  try {
    storage?.removeItem(LAST_ORG_STORAGE_KEY);
  } catch {
    // A disabled storage holds nothing to forget.
  }
}
