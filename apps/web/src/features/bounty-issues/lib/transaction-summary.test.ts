import { bountyFee } from '@openstake/core';
import { describe, expect, it } from 'vitest';

import { transactionSummary, validCoinAmount } from './transaction-summary';

describe('transactionSummary', () => {
  it('charges the bounty plus the 5 % fee now and pays stake + bounty to the winner', () => {
    expect(transactionSummary('10', '250', 1000)).toEqual({
      stake: 10,
      bounty: 250,
      fee: 13, // 12.5 rounded up
      payNow: 263,
      totalPayout: 260,
      balance: 1000,
      balanceAfter: 737,
      insufficient: false,
      chainBounty: null,
    });
  });

  it('keeps a chain bounty apart: the coins paid now are the same with or without it', () => {
    const withChain = transactionSummary('10', '250', 1000, ' 1.5 ');
    expect(withChain).toEqual({ ...transactionSummary('10', '250', 1000), chainBounty: '1.5' });
    expect(transactionSummary('10', '250', 1000, '1,5').chainBounty).toBeNull();
    expect(transactionSummary('10', '250', 1000, '0').chainBounty).toBeNull();
  });

  it('uses the core fee for every preset', () => {
    for (const bounty of [50, 100, 250, 500, 1000]) {
      const summary = transactionSummary('5', String(bounty), null);
      expect(summary.fee).toBe(bountyFee(bounty));
      expect(summary.payNow).toBe(bounty + bountyFee(bounty));
    }
    expect(transactionSummary('5', '1', null).fee).toBe(1);
  });

  it('warns when the balance cannot cover bounty + fee, and not when it exactly can', () => {
    expect(transactionSummary('5', '1000', 1049)).toMatchObject({
      payNow: 1050,
      balanceAfter: -1,
      insufficient: true,
    });
    expect(transactionSummary('5', '1000', 1050)).toMatchObject({
      balanceAfter: 0,
      insufficient: false,
    });
  });

  it('shows nothing for amounts the server would refuse and never warns without a balance', () => {
    expect(transactionSummary('', 'abc', 100)).toMatchObject({
      stake: null,
      bounty: null,
      fee: null,
      payNow: null,
      totalPayout: null,
      balanceAfter: null,
      insufficient: false,
    });
    expect(transactionSummary('10', '5000', null)).toMatchObject({
      payNow: 5250,
      balanceAfter: null,
      insufficient: false,
    });
  });
});

describe('validCoinAmount', () => {
  it('accepts whole coins from 1 to the maximum only', () => {
    expect(validCoinAmount('1')).toBe(1);
    expect(validCoinAmount(' 1000000 ')).toBe(1_000_000);
    expect(validCoinAmount('1000001')).toBeNull();
    expect(validCoinAmount('0')).toBeNull();
    expect(validCoinAmount('2.5')).toBeNull();
    expect(validCoinAmount('')).toBeNull();
  });
});
