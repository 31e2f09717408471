/** A stake still undecided this many days after it was placed ends, refunded in full. */
export const STAKE_LIFETIME_DAYS = 30;
