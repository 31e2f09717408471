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
export function loadSecrets(config: Pick<Config, 'DATA_DIR' | 'SESSION_SECRET' | 'ENCRYPTION_KEY'>): Secrets {
  let stored: StoredSecrets | undefined;
  if (!config.SESSION_SECRET || !config.ENCRYPTION_KEY) {
    const file = path.join(config.DATA_DIR, 'secrets.json');
    if (existsSync(file)) {
      stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
    } else {
      stored = { sessionSecret: randomBytes(32).toString('hex'), encryptionKey: randomBytes(32).toString('hex') };
      mkdirSync(config.DATA_DIR, { recursive: true });
      writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    }
  }
  const sessionSecret = config.SESSION_SECRET ?? stored!.sessionSecret;
  const encryptionKey = config.ENCRYPTION_KEY ?? stored!.encryptionKey;
  return { sessionSecret: new TextEncoder().encode(sessionSecret), encryptionKey: Buffer.from(encryptionKey, 'hex') };
}
