import { describe, expect, it } from 'vitest';

import { forgetLastOrg, LAST_ORG_STORAGE_KEY, readLastOrg, rememberLastOrg } from './last-org';

const memoryStorage = () => {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value);
    },
    removeItem: (key: string) => {
      values.delete(key);
    },
  };
};

describe('last organization', () => {
  it('is kept under the original key lastOrgLogin', () => {
    const storage = memoryStorage();
    rememberLastOrg('acme', storage);
    expect(LAST_ORG_STORAGE_KEY).toBe('lastOrgLogin');
    expect(storage.values.get('lastOrgLogin')).toBe('acme');
    expect(readLastOrg(storage)).toBe('acme');
  });

  it('reads nothing when absent, invalid, or when storage fails', () => {
    expect(readLastOrg(memoryStorage())).toBeNull();
    const storage = memoryStorage();
    storage.setItem(LAST_ORG_STORAGE_KEY, '<script>');
    expect(readLastOrg(storage)).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(readLastOrg(broken)).toBeNull();
    expect(() => {
      rememberLastOrg('acme', broken);
    }).not.toThrow();
    expect(readLastOrg(null)).toBeNull();
    expect(() => {
      forgetLastOrg(broken);
    }).not.toThrow();
  });

  it('is forgotten at logout', () => {
    const storage = memoryStorage();
    rememberLastOrg('acme', storage);
    forgetLastOrg(storage);
    expect(storage.values.has(LAST_ORG_STORAGE_KEY)).toBe(false);
    expect(readLastOrg(storage)).toBeNull();
  });
});
