import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './env';

export interface Secrets {
  sessionSecret: Uint8Array;
  encryptionKey: Buffer;
}

interface StoredSecrets {
  sessionSecret: string;
  encryptionKey: string;
}

/**
 * Secrets come from the environment; when unset (the embedded default) they are generated once
 * into the data folder, readable only by the owner, so sessions survive restarts. Several servers
 * sharing one database must be given the same SESSION_SECRET and ENCRYPTION_KEY.
 */
export function loadSecrets(
  config: Pick<Config, 'DATA_DIR' | 'SESSION_SECRET' | 'ENCRYPTION_KEY'>,
): Secrets {
  const stored =
    config.SESSION_SECRET && config.ENCRYPTION_KEY ? undefined : storedSecrets(config.DATA_DIR);
  const sessionSecret = config.SESSION_SECRET ?? stored?.sessionSecret ?? '';
  const encryptionKey = config.ENCRYPTION_KEY ?? stored?.encryptionKey ?? '';
  return {
    sessionSecret: new TextEncoder().encode(sessionSecret),
    encryptionKey: Buffer.from(encryptionKey, 'hex'),
  };
}

function storedSecrets(dataDir: string): StoredSecrets {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
  const fresh = {
    sessionSecret: randomBytes(32).toString('hex'),
    encryptionKey: randomBytes(32).toString('hex'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(fresh, null, 2), { mode: 0o600 });
  return fresh;
}
