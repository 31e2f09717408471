// tools/evm-devnet alone in a Node process, for bench/evm-nodes.bench.ts: prints the process's
// resident memory before the devnet was imported, the time its import and start took (what the
// server pays, as it runs the devnet in its own process) and where it listens.
export {};

const rssBefore = process.memoryUsage().rss;
const at = performance.now();
const { startEvmDevnet } = await import('../../tools/evm-devnet/src/index');
const devnet = await startEvmDevnet({ chainId: 31337 });
process.stdout.write(
  `devnet listening ${devnet.url} rss-before ${String(rssBefore)} start-ms ${String(performance.now() - at)}\n`,
);
