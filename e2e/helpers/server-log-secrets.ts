import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { openPglite, pgliteDataDir } from '@openstake/server/src/db/database';
import { decryptSecret } from '@openstake/server/src/lib/secret-box';
import { SecretScanner } from '@openstake/server/test/helpers/secret-scan';
import { PASSWORD } from './accounts';

/**
 * Issue 9, "Secrets", for the end-to-end run: the real server's whole output (stdout and stderr)
 * must hold none of the data folder's secrets (the session secret and encryption key in
 * secrets.json), the GitHub tokens and webhook secrets it stored (decrypted with that key), the
 * password hashes, API key hashes and demo wallets' keys in its database, the accounts' password, nor the code of
 * any OAuth callback. Run after the server has stopped, so its database can be opened.
 */
export async function checkServerOutputForSecrets(
  dataDir: string,
  output: string,
): Promise<{ leaks: string[]; summary: string }> {
  const scanner = new SecretScanner();
  for (const line of output.split('\n').filter(Boolean)) {
    scanner.record({ type: 'log line', label: labelOf(line), text: line });
    // The callback's code must never be logged: one in a logged URL is a leak whatever its value.
    for (const match of line.matchAll(/\/api\/github\/callback\?[^"\s]*/g)) {
      const code = new URLSearchParams(match[0].split('?')[1]).get('code');
      if (code && code !== '[redacted]') scanner.add('OAuth code', code);
    }
  }

  const file = path.join(dataDir, 'secrets.json');
  if (!existsSync(file)) throw new Error(`the server wrote no ${file}`);
  const stored = JSON.parse(readFileSync(file, 'utf8')) as {
    sessionSecret: string;
    encryptionKey: string;
  };
  const key = Buffer.from(stored.encryptionKey, 'hex');
  scanner.add('session secret', stored.sessionSecret);
  scanner.add('encryption key', stored.encryptionKey, {
    forms: [stored.encryptionKey.toUpperCase(), key.toString('base64')],
  });
  scanner.add('password', PASSWORD);

  const database = await openPglite({ dataDir: pgliteDataDir(dataDir) });
  try {
    const rows = async <T>(sql: string) => (await database.client.query<T>(sql)).rows;
    for (const { hash } of await rows<{ hash: string }>(
      'select password_hash as hash from users where password_hash is not null',
    )) {
      scanner.add('password hash', hash, { forms: [hash.slice(hash.lastIndexOf('$') + 1)] });
    }
    for (const { value } of await rows<{ value: string }>(
      'select access_token_encrypted as value from github_accounts',
    )) {
      scanner.add('GitHub token', decryptSecret(key, value));
    }
    for (const { value } of await rows<{ value: string }>(
      'select webhook_secret_encrypted as value from repositories where webhook_secret_encrypted is not null',
    )) {
      scanner.add('webhook secret', decryptSecret(key, value));
    }
    for (const { hash } of await rows<{ hash: string }>('select key_hash as hash from api_keys')) {
      scanner.add('API key hash', hash);
    }
    for (const { value } of await rows<{ value: string }>(
      'select private_key_encrypted as value from demo_wallets',
    )) {
      const demoKey = decryptSecret(key, value);
      scanner.add('demo wallet key', demoKey, { forms: [demoKey.slice(2)] });
    }
  } finally {
    await database.close();
  }

  const leaks = scanner.scan().map((l) => l.message);
  const kinds = new Map<string, number>();
  for (const { kind } of scanner.known()) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  const { logLines } = scanner.stats();
  const summary = `Secrets check (e2e): ${logLines} lines of server output checked against ${scanner.known().length} secrets (${[
    ...kinds,
  ]
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ')}), ${leaks.length} leaked`;
  return { leaks, summary };
}

function labelOf(line: string): string {
  try {
    const parsed = JSON.parse(line) as { msg?: string; level?: number; req?: { url?: string } };
    const url = parsed.req?.url ? ` ${parsed.req.url}` : '';
    return `${JSON.stringify(parsed.msg ?? '')}${url} (level ${parsed.level ?? '?'})`;
  } catch {
    return `"${line.slice(0, 80)}" (not JSON)`;
  }
}
