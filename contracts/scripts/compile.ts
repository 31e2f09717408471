/**
 * Compiles BountyEscrow and writes what the rest of OpenStake uses:
 * - src/generated/bounty-escrow.ts (committed): the ABI as a const, so viem types every call, and
 *   the creation bytecode; a test checks that it still matches the source;
 * - build/BountyEscrow.json (not committed): ABI, bytecode and deployed bytecode for other tools.
 * Run: npm run compile -w @openstake/contracts
 */
import { mkdirSync, writeFileSync } from 'node:fs';

import { format, resolveConfig } from 'prettier';

import { BOUNTY_ESCROW_SOURCE, COMPILER_SETTINGS_TEXT, compileBountyEscrow } from './solidity';

const root = new URL('../', import.meta.url);
const compiled = compileBountyEscrow();

mkdirSync(new URL('build/', root), { recursive: true });
writeFileSync(new URL('build/BountyEscrow.json', root), `${JSON.stringify(compiled, null, 2)}\n`);

const modulePath = new URL('src/generated/bounty-escrow.ts', root);
const source = `// Generated from contracts/${BOUNTY_ESCROW_SOURCE} by contracts/scripts/compile.ts,
// ${COMPILER_SETTINGS_TEXT}.
// Do not edit: run \`npm run compile -w @openstake/contracts\`.

export const bountyEscrowAbi = ${JSON.stringify(compiled.abi)} as const;

export const bountyEscrowBytecode = '${compiled.bytecode}' as const;
`;
const options = await resolveConfig(modulePath);
mkdirSync(new URL('src/generated/', root), { recursive: true });
writeFileSync(modulePath, await format(source, { ...options, filepath: modulePath.pathname }));
console.warn(`wrote ${modulePath.pathname} and build/BountyEscrow.json`);
