import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { compileBountyEscrow, SOLC_VERSION } from '../scripts/solidity';
import { bountyEscrowAbi, bountyEscrowBytecode, BOUNTY_ESCROW_VERSION } from './index';

describe('the committed build of BountyEscrow', () => {
  it('is what the source compiles to (run `npm run compile -w @openstake/contracts` when not)', () => {
    const compiled = compileBountyEscrow();
    expect(bountyEscrowAbi).toEqual(compiled.abi);
    expect(bountyEscrowBytecode).toBe(compiled.bytecode);
  });

  it('names the compiler the package pins, and the version the contract reports', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    const source = readFileSync(new URL('./BountyEscrow.sol', import.meta.url), 'utf8');
    expect(pkg.devDependencies.solc).toBe(SOLC_VERSION);
    expect(source).toContain(`pragma solidity ${SOLC_VERSION};`);
    expect(source).toContain(`uint256 public constant VERSION = ${BOUNTY_ESCROW_VERSION};`);
  });
});
