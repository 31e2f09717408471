import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPublicClient, createWalletClient, defineChain, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { devAccount, startAnvil } from './anvil';

// anvil as demo mode and the tests start it: a child process on loopback, answering as chain
// 31337, the fixed dev keys funded, a transaction mined at once, and gone once closed.

/** Whether the process runs (on Linux a zombie, ended but not yet reaped, does not). */
const alive = (pid: number): boolean => {
  if (process.platform === 'linux') {
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${String(pid)}/stat`, 'utf8'));
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether something accepts a connection on the loopback port. */
const answers = (url: string): Promise<boolean> =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  }).then(
    () => true,
    () => false,
  );

/** A module script that starts anvil, prints its pid, then runs `then`. */
const script = (then: string) =>
  [
    `const { startAnvil } = await import(${JSON.stringify(path.join(import.meta.dirname, 'anvil.ts'))});`,
    'const anvil = await startAnvil({ accounts: 1 });',
    'console.log(anvil.pid);',
    then,
  ].join('\n');
const nodeArgs = (source: string) => ['--import', 'tsx', '--input-type=module', '-e', source];

const waitUntil = async (done: () => boolean) => {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
};

describe('startAnvil', () => {
  it('answers as chain 31337 with the dev keys funded, mines a transaction, and is gone after close()', async () => {
    const anvil = await startAnvil({ chainId: 31337 });
    let closed = false;
    try {
      expect(anvil.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(anvil.url).not.toMatch(/:0$/);
      const transport = http(anvil.url);
      const reads = createPublicClient({ transport, pollingInterval: 50 });
      expect(await reads.getChainId()).toBe(31337);

      // The keys of today: account 0 (the operator) and the last (the faucet), 10,000 units each.
      expect(anvil.accounts).toHaveLength(10);
      expect(anvil.accounts[0]).toEqual(devAccount(0));
      expect(anvil.accounts[0]!.address).toBe('0xbBc7Bf737fe4088d566eB4ACB6A233503B721A5b');
      for (const account of [anvil.accounts[0]!, anvil.accounts[9]!]) {
        expect(await reads.getBalance({ address: account.address })).toBe(parseEther('10000'));
      }

      const chain = defineChain({
        id: 31337,
        name: 'anvil',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [anvil.url] } },
      });
      const faucet = createWalletClient({
        chain,
        transport,
        account: privateKeyToAccount(anvil.accounts[9]!.privateKey),
      });
      const to = privateKeyToAccount(generatePrivateKey()).address;
      const hash = await faucet.sendTransaction({ to, value: parseEther('3') });
      const receipt = await reads.waitForTransactionReceipt({ hash, timeout: 10_000 });
      expect(receipt.status).toBe('success');
      expect(await reads.getBalance({ address: to })).toBe(parseEther('3'));

      await anvil.close();
      closed = true;
      expect(alive(anvil.pid)).toBe(false);
      expect(await answers(anvil.url)).toBe(false);
    } finally {
      if (!closed) await anvil.close();
    }
  });

  it('refuses to start on a port in use, saying why from its stderr', async () => {
    // Something else holds the port (and hangs up on anyone who connects).
    const taken = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = taken.address() as AddressInfo;
      await expect(startAnvil({ port })).rejects.toThrow(
        /anvil exited during its start[\s\S]*Address already in use/,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('is ended when the process that started it exits', async () => {
    // A Node process starts anvil, prints its pid and exits without closing it.
    const run = spawnSync(process.execPath, nodeArgs(script('process.exit(0);')), {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    const pid = Number(run.stdout.trim());
    expect(pid).toBeGreaterThan(0);
    await waitUntil(() => !alive(pid));
    expect(alive(pid)).toBe(false);
  });

  it('is ended with the process that started it when a SIGTERM ends that process', async () => {
    // A Node process with no SIGTERM handler of its own (a server still starting): the signal
    // still ends it, as signals do, and its anvil with it.
    const child = spawn(process.execPath, nodeArgs(script('setInterval(() => {}, 1000);')), {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const ended = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    const pid = await new Promise<number>((resolve) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(Number(out.trim()));
      });
    });
    expect(alive(pid)).toBe(true);
    child.kill('SIGTERM');
    expect(await ended).toBe('SIGTERM');
    await waitUntil(() => !alive(pid));
    expect(alive(pid)).toBe(false);
  });
});
