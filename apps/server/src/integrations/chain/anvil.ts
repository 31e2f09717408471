/**
 * Foundry's anvil (https://getfoundry.sh/anvil), the local EVM chain of demo mode and the tests
 * (decision 014): the binary of `@foundry-rs/anvil`'s per-platform package, run as a child
 * process on loopback. Its methods, dev helpers (`anvil_setBalance`, `evm_increaseTime`,
 * `evm_mine`), automine and errors are Foundry's, documented there.
 *
 * The child ends with `close()` and, as a last resort, when this process exits (its 'exit'
 * event: `process.exit()`, the end of the event loop, an uncaught error) or is ended by a
 * SIGINT, SIGTERM or SIGHUP it does not handle itself. A process killed with SIGKILL runs no
 * code, so its anvil keeps running until it is ended by hand (`pgrep -a anvil`, `kill <pid>`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { keccak256, stringToBytes, toHex, type Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';

export interface DevAccount {
  address: Hex;
  privateKey: Hex;
}

/** One unit of the chain's currency (ether), in wei. */
const ETHER = 10n ** 18n;

/**
 * The dev accounts' keys: fixed and public, for a local chain only. They are the keys the
 * project's chain has always had (account 0 the escrow's operator, the last the demo faucet), so
 * they are derived here rather than taken from anvil's own mnemonic.
 */
export function devAccount(index: number): DevAccount {
  const privateKey = keccak256(stringToBytes(`openstake evm-devnet account ${String(index)}`));
  return { address: privateKeyToAddress(privateKey), privateKey };
}

export interface AnvilOptions {
  /** The loopback port; 0 (the default) picks a free one. */
  port?: number;
  chainId?: number;
  /** How many dev accounts (`devAccount(0..n-1)`) to give `accountBalance` (10). */
  accounts?: number;
  /** Each dev account's balance, in wei (10,000 units). */
  accountBalance?: bigint;
  /** How long to wait for its first eth_chainId answer (30 s: a loaded machine is slow). */
  startTimeoutMs?: number;
}

export interface Anvil {
  /** The JSON-RPC endpoint (`http://127.0.0.1:<port>`). */
  url: string;
  chainId: number;
  /** The child process's id. */
  pid: number;
  /** Funded accounts from fixed, public keys: for this local chain only. */
  accounts: DevAccount[];
  /** Ends the process (SIGTERM, then SIGKILL after 5 s) and waits for it. */
  close(): Promise<void>;
}

/** `@foundry-rs/anvil`'s optional dependency for each platform it has a binary for. */
const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

/**
 * Where anvil's binary is: in the platform's package, resolved from `@foundry-rs/anvil` as its
 * own launcher (`bin.mjs`) does, or where the launcher's postinstall downloads it when that
 * package is missing. No launcher in between: the child is anvil itself, so a signal reaches it.
 */
export function anvilBinary(): string {
  const platform = `${process.platform}-${process.arch}`;
  const platformPackage = PLATFORM_PACKAGES[platform];
  if (!platformPackage) throw new Error(`anvil has no binary for this platform (${platform})`);
  const name = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  const fromServer = createRequire(import.meta.url);
  let launcher: string;
  try {
    launcher = fromServer.resolve('@foundry-rs/anvil/package.json');
  } catch {
    throw new Error('@foundry-rs/anvil is not installed: run `npm ci`');
  }
  try {
    return createRequire(launcher).resolve(`${platformPackage}/bin/${name}`);
  } catch {
    const downloaded = path.join(path.dirname(launcher), '..', 'dist', name);
    if (existsSync(downloaded)) return downloaded;
    throw new Error(
      `anvil's binary is not installed (${platformPackage}, an optional dependency of ` +
        '@foundry-rs/anvil): run `npm ci` without --omit=optional',
    );
  }
}

/** A loopback port nobody listens on now (anvil needs a number; it may be taken by then). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Every anvil this process started and has not closed: ended when this process ends. */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;
const killRunning = () => {
  for (const child of running) child.kill('SIGKILL');
};
/**
 * A signal that ends this process by default: one nobody else listens for (the server before
 * `main.ts` installs its shutdown, a test worker, a script) would end it without its 'exit'
 * event, so the anvils are ended first and the signal raised again, to end it as it would have.
 * When another listener handles the signal, the shutdown is theirs (the server closes its chain).
 */
const onSignal = (signal: NodeJS.Signals) => {
  if (process.listenerCount(signal) > 1) return;
  killRunning();
  process.removeListener(signal, onSignal);
  process.kill(process.pid, signal);
};
function endOnExit(child: ChildProcess): void {
  running.add(child);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // 'exit' listeners run synchronously: a signal is all that can be sent.
  process.on('exit', killRunning);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
}

/** One JSON-RPC call; throws the node's error message. */
async function rpc(
  url: string,
  method: string,
  params: unknown[],
  timeoutMs = 10_000,
): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

const ADDRESS_IN_USE = /address already in use|AddrInUse/i;

/** One spawn on one port, waited for until it answers eth_chainId, or an error. */
async function spawnAnvil(
  binary: string,
  port: number,
  chainId: number,
  timeoutMs: number,
): Promise<{ pid: number; url: string; close(): Promise<void> }> {
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId)];
  const child = spawn(binary, [...args, '--silent'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const ended = new Promise<undefined>((resolve) => child.once('exit', () => resolve(undefined)));
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  const url = `http://127.0.0.1:${String(port)}`;
  const close = async () => {
    running.delete(child);
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      child.kill('SIGTERM');
      const stubborn = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(stubborn);
    }
  };
  const tail = () => (stderr.trim() ? `; its stderr ends:\n${stderr.trim()}` : '');
  if (child.pid !== undefined) endOnExit(child);
  const startedAt = Date.now();
  for (;;) {
    if (spawnError) {
      throw new Error(`anvil (${binary}) could not be started: ${spawnError.message}`);
    }
    if (child.exitCode !== null || child.signalCode !== null) {
      running.delete(child);
      await exited; // the last of stderr
      const how = child.signalCode ?? `code ${String(child.exitCode)}`;
      throw Object.assign(new Error(`anvil exited during its start (${how})${tail()}`), {
        addressInUse: ADDRESS_IN_USE.test(stderr),
      });
    }
    if (Date.now() - startedAt > timeoutMs) {
      await close();
      throw new Error(
        `anvil did not answer eth_chainId on ${url} within ${String(timeoutMs)} ms${tail()}`,
      );
    }
    // Whatever holds the port may accept and never answer: anvil's exit ends the wait.
    const answer = await Promise.race([
      rpc(url, 'eth_chainId', [], 1_000).catch(() => undefined),
      ended,
    ]);
    if (answer !== undefined) {
      if (Number(answer) !== chainId) {
        await close();
        throw new Error(
          `anvil on ${url} answered chain id ${String(answer)}, not ${String(chainId)}`,
        );
      }
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  // The chain does not keep this process alive (its HTTP server, if any, does).
  child.unref();
  (child.stderr as unknown as { unref?: () => void }).unref?.();
  if (child.pid === undefined) throw new Error(`anvil (${binary}) has no process id`);
  return { pid: child.pid, url, close };
}

/**
 * Starts anvil on loopback with the chain id (31337), waits until it answers, and gives the
 * fixed dev accounts their balance (anvil_setBalance).
 */
export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const chainId = options.chainId ?? 31337;
  const binary = anvilBinary();
  const timeoutMs = options.startTimeoutMs ?? 30_000;
  let node: Awaited<ReturnType<typeof spawnAnvil>> | undefined;
  // A port picked here can be taken before anvil binds it: then another is picked.
  for (let attempt = 1; !node; attempt++) {
    const port = options.port || (await freePort());
    try {
      node = await spawnAnvil(binary, port, chainId, timeoutMs);
    } catch (error) {
      const retry =
        !options.port && attempt < 3 && (error as { addressInUse?: boolean }).addressInUse;
      if (!retry) throw error;
    }
  }
  const { pid, url, close } = node;
  const accounts = Array.from({ length: options.accounts ?? 10 }, (_, i) => devAccount(i));
  try {
    const balance = toHex(options.accountBalance ?? 10_000n * ETHER);
    for (const account of accounts) {
      await rpc(url, 'anvil_setBalance', [account.address, balance]);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { url, chainId, pid, accounts, close };
}
