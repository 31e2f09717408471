import { readFileSync } from 'node:fs';

import solc from 'solc';
import type { Abi, Hex } from 'viem';

/** The compiler this package pins (package.json) and the contracts' pragma names. */
export const SOLC_VERSION = '0.8.37';

/**
 * Cancun, whose new opcodes (MCOPY, transient storage) Hedera's EVM supports, where a later fork's
 * might not be; the in-process test EVM runs the same hardfork.
 */
export const EVM_VERSION = 'cancun';

const OPTIMIZER_RUNS = 200;

export const COMPILER_SETTINGS_TEXT = `solc ${SOLC_VERSION}, optimizer on (${OPTIMIZER_RUNS} runs), evmVersion ${EVM_VERSION}`;

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
  deployedBytecode: Hex;
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<
      string,
      { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }
    >
  >;
}

const contractsRoot = new URL('../', import.meta.url);

/**
 * Compiles Solidity files (paths relative to contracts/) with the solc-js bundled in the `solc`
 * package: WebAssembly, nothing is downloaded. The paths are the source names written into the
 * contracts' metadata, and so into their bytecode: the same files give the same bytes anywhere.
 * Warnings fail like errors.
 */
export function compileSolidity(paths: string[]): Record<string, CompiledContract> {
  const version = solc.version() as string;
  if (!version.startsWith(`${SOLC_VERSION}+`)) {
    throw new Error(`solc ${SOLC_VERSION} expected, the installed solc is ${version}`);
  }
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(
      paths.map((path) => [path, { content: readFileSync(new URL(path, contractsRoot), 'utf8') }]),
    ),
    settings: {
      optimizer: { enabled: true, runs: OPTIMIZER_RUNS },
      evmVersion: EVM_VERSION,
      outputSelection: {
        '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] },
      },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)) as string) as SolcOutput;
  const problems = (output.errors ?? []).filter((e) => e.severity !== 'info');
  if (problems.length > 0) {
    throw new Error(`solc:\n${problems.map((e) => e.formattedMessage).join('\n')}`);
  }
  const compiled: Record<string, CompiledContract> = {};
  for (const contracts of Object.values(output.contracts ?? {})) {
    for (const [name, contract] of Object.entries(contracts)) {
      compiled[name] = {
        abi: contract.abi,
        bytecode: `0x${contract.evm.bytecode.object}`,
        deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
      };
    }
  }
  return compiled;
}

export const BOUNTY_ESCROW_SOURCE = 'src/BountyEscrow.sol';

export function compileBountyEscrow(): CompiledContract {
  const compiled = compileSolidity([BOUNTY_ESCROW_SOURCE]).BountyEscrow;
  if (!compiled) throw new Error(`no BountyEscrow contract in ${BOUNTY_ESCROW_SOURCE}`);
  return compiled;
}
