// The bounty fee, apart from the maintainer API's schemas (maintainer.ts): the landing page
// states the fee, and importing it from there built every maintainer schema as `/` loaded.

/** The 5 % platform fee on a bounty. */
export const BOUNTY_FEE_PERCENT = 5;

/** The fee, rounded up so that every bounty pays one; the maintainer pays bounty + fee. */
export const bountyFee = (bounty: number): number => Math.ceil((bounty * BOUNTY_FEE_PERCENT) / 100);
