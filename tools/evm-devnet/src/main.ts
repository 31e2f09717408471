/**
 * `npm start -w @openstake/evm-devnet`: the devnet on its own, on loopback (PORT, default 8545).
 * The dev accounts' keys are printed: they are fixed and public, for this local chain only.
 */
import { startEvmDevnet } from './server';

const devnet = await startEvmDevnet({ port: Number(process.env.PORT ?? 8545) });
process.stdout.write(
  [
    `EVM devnet (chain ${String(devnet.chainId)}) at ${devnet.url}`,
    ...devnet.accounts.map((a) => `  ${a.address}  ${a.privateKey}`),
    '',
  ].join('\n'),
);
