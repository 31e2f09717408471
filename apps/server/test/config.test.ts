import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, githubAppSettings, loadConfig, publicBaseUrl } from '../src/env';

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

  it('takes an smtp:// or smtps:// SMTP_URL and a MAIL_FROM address, and refuses others', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://mailer:p%40ss@mail.example.com:465',
      MAIL_FROM: 'OpenStake <no-reply@openstake.example.com>',
    });
    expect(config.SMTP_URL).toBe('smtps://mailer:p%40ss@mail.example.com:465');
    expect(config.MAIL_FROM).toBe('OpenStake <no-reply@openstake.example.com>');
    expect(loadConfig({ MAIL_FROM: 'no-reply@openstake.example.com' }).MAIL_FROM).toBe(
      'no-reply@openstake.example.com',
    );
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    const bad = () => loadConfig({ SMTP_URL: 'https://mail.example.com', MAIL_FROM: 'nobody' });
    expect(bad).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(bad).toThrow(/MAIL_FROM: must be a mail address/);
    // A refused SMTP_URL is named, never repeated: it may hold the password.
    expect(() => loadConfig({ SMTP_URL: 'smtp://u:secret-pw@' })).toThrow(
      /^(?![\s\S]*secret-pw)[\s\S]*SMTP_URL/,
    );
  });

  it('takes the chain settings all together or not at all, and checks the key and the address', () => {
    const chain = {
      CHAIN_RPC_URL: 'https://testnet.hashio.io/api',
      CHAIN_ID: '296',
      CHAIN_OPERATOR_KEY: `0x${'1'.repeat(64)}`,
      ESCROW_ADDRESS: `0x${'2'.repeat(40)}`,
    };
    const config = loadConfig(chain);
    expect(config).toMatchObject({
      CHAIN_ID: 296,
      CHAIN_CURRENCY_SYMBOL: 'HBAR',
      CHAIN_CURRENCY_DECIMALS: 8,
    });
    // No chain, no chain id: nothing defaults to Ethereum mainnet.
    expect(loadConfig({}).CHAIN_ID).toBeUndefined();
    expect(() => loadConfig({ CHAIN_RPC_URL: chain.CHAIN_RPC_URL })).toThrow(
      /CHAIN_RPC_URL: set all of CHAIN_RPC_URL, CHAIN_OPERATOR_KEY and ESCROW_ADDRESS \(and CHAIN_ID\), or none/,
    );
    expect(() => loadConfig({ ...chain, CHAIN_ID: undefined })).toThrow(
      /CHAIN_ID: set CHAIN_ID to the chain id of CHAIN_RPC_URL/,
    );
    expect(() =>
      loadConfig({ ...chain, CHAIN_OPERATOR_KEY: '1234', ESCROW_ADDRESS: '0x12' }),
    ).toThrow(/CHAIN_OPERATOR_KEY: must be .*\n.*ESCROW_ADDRESS: must be/);
    expect(() => loadConfig({ CHAIN_EXPLORER_URL: 'https://hashscan.io/testnet' })).toThrow(
      /CHAIN_EXPLORER_URL: must contain \{hash\}/,
    );
  });

  it('takes the GitHub App settings all together or not at all, the key as a PEM or on one line', () => {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const githubApp = {
      GITHUB_APP_ID: '123456',
      GITHUB_APP_PRIVATE_KEY: privateKey,
      GITHUB_APP_WEBHOOK_SECRET: 'a-long-enough-webhook-secret',
      GITHUB_APP_SLUG: 'openstake',
    };
    const expected = {
      appId: 123456,
      privateKey: privateKey.trim(),
      webhookSecret: 'a-long-enough-webhook-secret',
      slug: 'openstake',
    };
    expect(githubAppSettings(loadConfig(githubApp))).toEqual(expected);
    // As one line, with its newlines written as \n (what many secret stores keep).
    const oneLine = privateKey.trim().replaceAll('\n', '\\n');
    expect(oneLine).not.toContain('\n');
    expect(
      githubAppSettings(loadConfig({ ...githubApp, GITHUB_APP_PRIVATE_KEY: oneLine })),
    ).toEqual(expected);
    expect(githubAppSettings(loadConfig({}))).toBeNull();
    expect(() => loadConfig({ GITHUB_APP_ID: '123456', GITHUB_APP_SLUG: 'openstake' })).toThrow(
      /GITHUB_APP_ID: set all of GITHUB_APP_ID, GITHUB_APP_PRIVATE_KEY, GITHUB_APP_WEBHOOK_SECRET and GITHUB_APP_SLUG, or none/,
    );
    const bad = () =>
      loadConfig({
        ...githubApp,
        GITHUB_APP_PRIVATE_KEY: 'not a key',
        GITHUB_APP_SLUG: 'Open Stake',
        GITHUB_APP_WEBHOOK_SECRET: 'short',
      });
    expect(bad).toThrow(/GITHUB_APP_PRIVATE_KEY: must be a PEM private key/);
    expect(bad).toThrow(/GITHUB_APP_WEBHOOK_SECRET: must be at least 16 characters/);
    expect(bad).toThrow(/GITHUB_APP_SLUG: must be the app's URL name/);
    // The message names the variable, never the key.
    try {
      bad();
    } catch (error) {
      expect(String(error)).not.toContain('not a key');
    }
  });

  it('takes PUBLIC_URL as an http(s) origin only, and names it in every link', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://openstake.example.com/' }).PUBLIC_URL).toBe(
      'https://openstake.example.com',
    );
    for (const bad of [
      'openstake.example.com',
      'ftp://openstake.example.com',
      'https://openstake.example.com/app',
      'https://openstake.example.com/?x=1',
      'https://openstake.example.com/#top',
      'https://user:pass@openstake.example.com',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(
        /PUBLIC_URL: must be an http:\/\/ or https:\/\/ address without a path/,
      );
    }
    const config = loadConfig({ PUBLIC_URL: 'https://openstake.example.com', HOST: '0.0.0.0' });
    expect(publicBaseUrl(config, 4321)).toBe('https://openstake.example.com');
  });

  it('without PUBLIC_URL, links name HOST and the port the server is bound to', () => {
    const at = (HOST: string) => publicBaseUrl(loadConfig({ HOST }), 4321);
    expect(publicBaseUrl(loadConfig({}), 3000)).toBe('http://localhost:3000');
    expect(at('127.0.0.1')).toBe('http://127.0.0.1:4321');
    expect(at('openstake.lan')).toBe('http://openstake.lan:4321');
    expect(at('::1')).toBe('http://[::1]:4321');
    expect(at('[::1]')).toBe('http://[::1]:4321');
    // Every interface: this machine reaches it as localhost (others need PUBLIC_URL).
    expect(at('0.0.0.0')).toBe('http://localhost:4321');
    expect(at('::')).toBe('http://localhost:4321');
  });
});
