/** The query keys of the wallet feature (linked wallets, their balances). */
export const walletKeys = {
  all: ['wallet'] as const,
  linked: () => [...walletKeys.all, 'linked'] as const,
  hederaBalance: (accountId: string) => [...walletKeys.all, 'hedera-balance', accountId] as const,
  ethBalance: (address: string) => [...walletKeys.all, 'eth-balance', address] as const,
};
