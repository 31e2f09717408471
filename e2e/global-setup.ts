import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { checkServerOutputForSecrets } from './helpers/server-log-secrets';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Starts the real server, built as `npm start` builds and runs it (apps/server/dist), on a free port with a fresh
 * embedded database, serving the built web app. Every end-to-end file shares it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const built of ['apps/web/dist/index.html', 'apps/server/dist/main.js']) {
    if (!existsSync(path.join(root, built))) {
      throw new Error(`${built} is not built: run \`npm run build\` (npm test does it first).`);
    }
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'openstake-e2e-'));
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      // Every e2e file signs its people up from this one address, more than the 50 a network may
      // in 15 minutes; the limit itself is proven by the server tests (auth.test.ts).
      AUTH_RATE_LIMIT_PER_IP: '500',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Everything the server writes, checked for secrets once it has stopped.
  const output: string[] = [];
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const { baseUrl, hederaMirrorUrl, chainRpcUrl, demoSmtpUrl } = await waitForAddress(server);
  project.provide('baseUrl', baseUrl);
  project.provide('demoSmtpUrl', demoSmtpUrl);
  project.provide('hederaMirrorUrl', hederaMirrorUrl);
  project.provide('chainRpcUrl', chainRpcUrl);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    try {
      const { leaks, summary } = await checkServerOutputForSecrets(dataDir, output.join(''));
      console.log(summary);
      if (leaks.length > 0) {
        // Vitest only prints an error thrown here ("error during close"): fail the run too.
        process.exitCode = 1;
        throw new Error(
          `The server's output holds secrets (${leaks.length}):\n${leaks.map((l) => `  - ${l}`).join('\n')}`,
        );
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
}

/** main.ts's line for demo mode's EVM devnet (pino JSON): its JSON-RPC address and the escrow's. */
const DEVNET_LOG = 'demo ledger network: a local EVM devnet';

/** The devnet's JSON-RPC address, from the server's JSON log line for it, or undefined. */
function devnetRpcUrl(output: string): string | undefined {
  for (const line of output.split('\n')) {
    if (!line.includes(DEVNET_LOG)) continue;
    try {
      const { rpcUrl } = JSON.parse(line) as { rpcUrl?: unknown };
      if (typeof rpcUrl === 'string' && rpcUrl.startsWith('http://')) return rpcUrl;
    } catch {
      // Not a JSON line: keep looking.
    }
  }
  return undefined;
}

/** main.ts's line for demo mode's mailbox (pino JSON), with its SMTP address in `smtp`. */
const MAILBOX_LOG = 'demo mailbox: mail is shown at';

/** The demo mailbox's SMTP address, from the server's JSON log line for it, or undefined. */
function demoMailboxSmtpUrl(output: string): string | undefined {
  for (const line of output.split('\n')) {
    if (!line.includes(MAILBOX_LOG)) continue;
    try {
      const { smtp } = JSON.parse(line) as { smtp?: unknown };
      if (typeof smtp === 'string' && smtp.startsWith('smtp://')) return smtp;
    } catch {
      // Not a JSON line: keep looking.
    }
  }
  return undefined;
}

/**
 * The server's address, and, logged before it, the demo's Hedera mirror simulator's, whose `/_sim`
 * routes create the accounts the tests' Hedera wallets sign for, and the demo's EVM devnet's
 * JSON-RPC address, which backs the tests' MetaMask and where they read the escrow, and its
 * mailbox's SMTP address.
 */
function waitForAddress(server: ChildProcess): Promise<{
  baseUrl: string;
  hederaMirrorUrl: string;
  chainRpcUrl: string;
  demoSmtpUrl: string;
}> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`server did not start in 90 s:\n${output}`)),
      90_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/[^"\s]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        const mirror = /Hedera mirror simulator at (http:\/\/[^"\s]+)/.exec(output);
        if (!mirror?.[1]) {
          reject(new Error(`the server did not log its Hedera mirror simulator:\n${output}`));
          return;
        }
        const chainRpcUrl = devnetRpcUrl(output);
        if (!chainRpcUrl) {
          reject(
            new Error(
              `the server did not log its EVM devnet ('${DEVNET_LOG}' with rpcUrl):\n${output}`,
            ),
          );
          return;
        }
        const demoSmtpUrl = demoMailboxSmtpUrl(output);
        if (!demoSmtpUrl) {
          reject(
            new Error(`the server did not log its demo mailbox ('${MAILBOX_LOG}'):\n${output}`),
          );
          return;
        }
        resolve({ baseUrl: match[1], hederaMirrorUrl: mirror[1], chainRpcUrl, demoSmtpUrl });
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The demo's Hedera mirror node simulator (its REST API and its `/_sim` routes). */
    hederaMirrorUrl: string;
    /** The demo's local EVM devnet's JSON-RPC address (the escrow contract is deployed there). */
    chainRpcUrl: string;
    /** The demo mailbox's SMTP server (loopback, no password): what it receives, /demo/mailbox shows. */
    demoSmtpUrl: string;
  }
}
