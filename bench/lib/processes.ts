import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface Started {
  /** Where it listens, e.g. http://127.0.0.1:40123. */
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts an entrypoint with Node (TypeScript through tsx's loader) and waits for the line that says where
 * it listens (the regular expression's first group). Its output is dropped after that line, so a
 * long load run does not pile it up in memory; the output before it is in any start error.
 */
export async function startProcess(
  entry: string,
  options: {
    env?: Record<string, string>;
    /** A line of output whose first group is the address, or an address to poll until it answers 200. */
    listening: RegExp | { poll: string };
  },
): Promise<Started> {
  // TypeScript through tsx's loader; the built server (.js) as `npm start` runs it, without it.
  const args = entry.endsWith('.js') ? [entry] : ['--import', 'tsx', entry];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} did not start in 120 s:\n${output}`));
    }, 120_000);
    const done = (address: string) => {
      clearTimeout(timer);
      resolve(address);
    };
    const { listening } = options;
    if (listening instanceof RegExp) {
      child.stdout!.on('data', () => {
        const match = listening.exec(output);
        if (match) done(match[1]!);
      });
    } else {
      const poll = async (): Promise<void> => {
        const ok = await fetch(listening.poll).then(
          (res) => res.status === 200,
          () => false,
        );
        if (ok) return done(new URL(listening.poll).origin);
        if (child.exitCode === null) setTimeout(() => void poll(), 100);
      };
      void poll();
    }
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited during start:\n${output}`));
    });
  });
  child.stdout!.off('data', collect);
  child.stderr!.off('data', collect);
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    base: base.replace('localhost', '127.0.0.1'),
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The bare Fastify baseline. */
export const startBaseline = (): Promise<Started> =>
  startProcess('bench/lib/baseline-server.ts', { listening: /listening (\S+)/ });
