import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/env';

describe('loadConfig', () => {
  it('has working defaults: port 3000, embedded database under ./.data', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe(path.resolve(import.meta.dirname, '../../../.data'));
    expect(config.AUTH_RATE_LIMIT_PER_EMAIL).toBe(10);
    expect(config.AUTH_RATE_LIMIT_PER_EMAIL_GLOBAL).toBe(100);
    expect(config.AUTH_RATE_LIMIT_GLOBAL_WINDOW_MINUTES).toBe(60);
  });

  it('resolves relative paths from where npm was run, and treats empty values as unset', () => {
    const config = loadConfig({ INIT_CWD: '/srv/openstake', DATA_DIR: './data', DATABASE_URL: '' });
    expect(config.DATA_DIR).toBe('/srv/openstake/data');
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('fails fast, naming every bad variable', () => {
    const bad = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SESSION_SECRET: 'short',
        TRUST_PROXY: 'maybe',
      });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(
      /PORT: .*\n.*DATABASE_URL: must be a postgres:\/\/ URL\n.*SESSION_SECRET: must be at least 32 characters\n.*TRUST_PROXY: must be true or false/,
    );
  });
});
