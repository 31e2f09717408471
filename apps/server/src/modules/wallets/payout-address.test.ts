import { describe, expect, it } from 'vitest';
import { hederaLongZeroAddress } from './payout-address';

describe('hederaLongZeroAddress', () => {
  it("is the account's shard, realm and number in 4, 8 and 8 bytes", () => {
    expect(hederaLongZeroAddress('0.0.4500001')).toBe('0x000000000000000000000000000000000044aa21');
    expect(hederaLongZeroAddress('1.2.3')).toBe('0x0000000100000000000000020000000000000003');
  });

  it('refuses what is not an account id', () => {
    expect(() => hederaLongZeroAddress('0.0')).toThrow('not a Hedera account id');
  });
});
