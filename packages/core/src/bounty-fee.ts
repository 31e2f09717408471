// The bounty fee, apart from the maintainer API's schemas (maintainer.ts): the landing page
// states the fee, and importing it from there built every maintainer schema as `/` loaded.

/** The 5 % platform fee on a bounty (spec 001 s9 'plus a 5 percent bounty fee'). */
export const BOUNTY_FEE_PERCENT = 5;

/** The fee, rounded up so that every bounty pays one; the maintainer pays bounty + fee. */
export const bountyFee = (bounty: number): number => Math.ceil((bounty * BOUNTY_FEE_PERCENT) / 100);
