import type { ChainBountyStatus } from '@openstake/core';

export const CHAIN_BOUNTY_STATUS_LABELS: Readonly<Record<ChainBountyStatus, string>> = {
  awaiting_funding: 'Awaiting funding',
  funded: 'Funded',
  released: 'Released',
  refunded: 'Refunded',
  not_funded: 'Never funded',
  funding_refused: 'Funding refused',
};

export const CHAIN_BOUNTY_STATUS_VARIANTS: Readonly<
  Record<ChainBountyStatus, 'warning' | 'success' | 'secondary' | 'destructive'>
> = {
  awaiting_funding: 'warning',
  funded: 'success',
  released: 'success',
  refunded: 'secondary',
  not_funded: 'secondary',
  funding_refused: 'destructive',
};

/** A deadline in unix seconds as an ISO date, for formatDate and <time dateTime>. */
export const deadlineIso = (unixSeconds: string): string =>
  new Date(Number(unixSeconds) * 1000).toISOString();
