export { bountyEscrowAbi, bountyEscrowBytecode } from './generated/bounty-escrow';

/** The `VERSION` of the contract in this package. */
export const BOUNTY_ESCROW_VERSION = 3n;

/** `Status` in BountyEscrow.sol, by its number. */
export const bountyEscrowStatuses = ['none', 'open', 'assigned', 'released', 'refunded'] as const;
export type BountyEscrowStatus = (typeof bountyEscrowStatuses)[number];
