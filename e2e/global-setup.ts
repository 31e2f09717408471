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
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Everything the server writes, checked for secrets once it has stopped.
  const output: string[] = [];
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const baseUrl = await waitForAddress(server);
  project.provide('baseUrl', baseUrl);
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

function waitForAddress(server: ChildProcess): Promise<string> {
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
        resolve(match[1]);
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
  }
}
