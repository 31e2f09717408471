import { bountyEscrowAbi } from '@openstake/contracts';
import { chainBountyFundingTransaction, CREATE_ISSUE_SELECTOR } from '@openstake/core';
import { encodeFunctionData, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';

// The browser encodes a chain bounty's funding without an Ethereum library (core's
// escrow-calls.ts); it must be exactly what the escrow's ABI says.
describe("the browser's funding of a chain bounty", () => {
  it('is createIssue(id, deadline) as the ABI encodes it, with the amount as value', () => {
    expect(CREATE_ISSUE_SELECTOR).toBe(toFunctionSelector('createIssue(uint256,uint64)'));
    const escrowAddress = `0x${'12'.repeat(20)}`;
    const tx = chainBountyFundingTransaction({
      escrowAddress,
      chainIssueId: '3000519',
      deadline: '4102444800',
      amount: '1500000000000000000',
    });
    expect(tx).toEqual({
      to: escrowAddress,
      data: encodeFunctionData({
        abi: bountyEscrowAbi,
        functionName: 'createIssue',
        args: [3_000_519n, 4_102_444_800n],
      }),
      value: '0x14d1120d7b160000',
    });
    expect(() =>
      chainBountyFundingTransaction({
        escrowAddress,
        chainIssueId: '1',
        deadline: (2n ** 64n).toString(),
        amount: '1',
      }),
    ).toThrow(RangeError);
  });
});
