import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  /** Where it listens, e.g. http://127.0.0.1:40123. */
  base: string;
  pid: number;
  /** Everything it printed so far. */
  output(): string;
  /** Its log lines at level error or above (pino: 50 and up). */
  errorLogs(): { level: number; msg?: string }[];
  /** Sends the signal and waits until the process has exited. */
  stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
}

/** A port that was free a moment ago, to give a server that must come back on the same one. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts the real server entrypoint (apps/server/src/main.ts, what `npm start` runs) as a child
 * process with exactly the environment given, and waits until it says it is listening. The
 * process is the server itself, so a SIGKILL stops it at once.
 */
export async function startServerProcess(
  env: Record<string, string> & { PORT: string },
): Promise<ServerProcess> {
  // Node itself with tsx's loader, not the tsx command: that one runs the server in a child
  // process of its own, which a SIGKILL to the command would leave running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start in 60 s:\n${output}`));
    }, 60_000);
    const check = () => {
      if (/OpenStake is running at/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the server exited during start:\n${output}`));
    });
  });

  return {
    base: `http://127.0.0.1:${env.PORT}`,
    pid: child.pid!,
    output: () => output,
    errorLogs: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg?: string })
        .filter((line) => line.level >= 50),
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
