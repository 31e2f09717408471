import type { DemoWallet, SessionUser } from '@openstake/core';
import { and, eq } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { AppContext } from '../../context';
import { demoWallets, wallets } from '../../db/schema';
import { AppError } from '../../errors';
import type { Chain, Hex } from '../../integrations/chain/chain';
import type { DemoFaucet } from '../../integrations/chain/demo-chain';
import { decryptSecret, encryptSecret } from '../../lib/secret-box';
import { chainFailure } from './assign-issue-on-chain';
import { findChainBounty } from './chain-bounties';
import { ownBountyIssue } from './own-bounty-issue';
import { linkWallet } from '../wallets/link-wallet';
import { issueWalletChallenge } from '../wallets/wallet-challenge';
import { ownGithubName } from '../wallets/wallet-owner';

type Ctx = Pick<
  AppContext,
  'db' | 'clock' | 'config' | 'publicUrl' | 'chain' | 'demoFaucet' | 'secrets'
>;
type DemoCtx = Ctx & { chain: Chain; demoFaucet: DemoFaucet };

/** One whole unit of the chain's currency in the JSON-RPC's smallest unit (18 decimals). */
const UNIT = 10n ** 18n;
/** What a demo wallet is given, and given again when a funding would leave it short. */
const DEMO_WALLET_FUNDS = 1_000n * UNIT;
/** Kept beyond a funding for its gas. */
const GAS_MARGIN = UNIT;

function requireDemoChain(ctx: Ctx): DemoCtx {
  const { chain, demoFaucet } = ctx;
  if (!chain || !demoFaucet) {
    throw new AppError('NOT_FOUND', {
      message: 'Demo wallets exist only in demo mode, on its local test chain',
    });
  }
  return { ...ctx, chain, demoFaucet };
}

/** The user's demo wallet and its key, or undefined when they have none. */
async function demoWalletOf(
  userId: string,
  ctx: Pick<Ctx, 'db' | 'secrets'>,
): Promise<{ address: Hex; privateKey: Hex } | undefined> {
  const [row] = await ctx.db.select().from(demoWallets).where(eq(demoWallets.userId, userId));
  if (!row) return undefined;
  return {
    address: row.address as Hex,
    privateKey: decryptSecret(ctx.secrets.encryptionKey, row.privateKeyEncrypted) as Hex,
  };
}

async function linkedEvmAddress(userId: string, ctx: Pick<Ctx, 'db'>): Promise<string | null> {
  const [row] = await ctx.db
    .select({ address: wallets.address })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.type, 'metamask')));
  return row?.address ?? null;
}

/** Pays the wallet from the devnet's faucet when it has less than `needed` and gas. */
async function topUp(address: Hex, needed: bigint, ctx: DemoCtx): Promise<bigint> {
  const balance = await ctx.chain.balanceOf(address);
  if (balance >= needed + GAS_MARGIN) return balance;
  await ctx.demoFaucet.fund(address, DEMO_WALLET_FUNDS + needed);
  return ctx.chain.balanceOf(address);
}

/**
 * POST /api/demo/wallet: demo mode's wallet for a maintainer, made on first use. Its key is made
 * here, kept encrypted, and never leaves the server; it is linked to the account through the
 * normal path (a challenge issued for its address, signed by its key, verified and linked by
 * `linkWallet`, decision 010), in place of an EVM wallet linked before only when the user agreed;
 * and it is funded on the local devnet by its faucet, never by the operator. Answers its address
 * and balance.
 */
export async function provideDemoWallet(
  input: { user: SessionUser; replaceLinkedWallet: boolean; origin?: string },
  ctx: Ctx,
): Promise<DemoWallet> {
  const { user } = input;
  const demo = requireDemoChain(ctx);
  let wallet = await demoWalletOf(user.id, ctx);
  const linked = await linkedEvmAddress(user.id, ctx);
  if (linked !== null && linked !== wallet?.address && !input.replaceLinkedWallet) {
    throw new AppError('CONFLICT', {
      message: `Your account has the wallet ${linked} linked: a demo wallet would take its place`,
    });
  }
  if (!wallet) {
    const privateKey = generatePrivateKey();
    await ctx.db
      .insert(demoWallets)
      .values({
        userId: user.id,
        address: privateKeyToAccount(privateKey).address.toLowerCase(),
        privateKeyEncrypted: encryptSecret(ctx.secrets.encryptionKey, privateKey),
      })
      .onConflictDoNothing({ target: demoWallets.userId });
    // Two first uses at once keep the one written first.
    wallet = await demoWalletOf(user.id, ctx);
    if (!wallet) throw new Error('the demo wallet was not written');
  }
  if (linked !== wallet.address) {
    const githubUsername = await ownGithubName(user, ctx);
    if (!githubUsername) {
      throw new AppError('FORBIDDEN', {
        message: 'Only contributors and maintainers link wallets',
      });
    }
    const challenge = await issueWalletChallenge(
      {
        userId: user.id,
        walletType: 'metamask',
        address: wallet.address,
        origin: input.origin ?? ctx.publicUrl(),
        context: { githubUsername, owner: null, repo: null, issue: null },
      },
      ctx,
    );
    const signature = await privateKeyToAccount(wallet.privateKey).signMessage({
      message: challenge.message,
    });
    await linkWallet(
      {
        user,
        githubUsername,
        walletType: 'metamask',
        walletAddress: wallet.address,
        message: challenge.message,
        signature,
      },
      ctx,
    );
  }
  let balance: bigint;
  try {
    balance = await topUp(wallet.address, 0n, demo);
  } catch (error) {
    throw chainFailure(error);
  }
  return {
    address: wallet.address,
    balance: balance.toString(),
    balanceDisplay: demo.chain.formatAmount(balance),
    symbol: demo.chain.currency.symbol,
  };
}

/**
 * POST /api/demo/wallet/fund: the maintainer's demo wallet pays one of their chain bounties in,
 * as their own wallet would in the browser: the escrow's createIssue with the expected amount and
 * deadline, signed with the demo wallet's key (never the operator's). Answers the transaction;
 * the browser then asks the server to confirm it like any wallet's (confirm-chain-funding.ts).
 */
export async function fundWithDemoWallet(
  input: { userId: string; issueId: number },
  ctx: Ctx,
): Promise<{ txHash: string }> {
  const demo = requireDemoChain(ctx);
  await ownBountyIssue(ctx.db, input.userId, input.issueId);
  const bounty = await findChainBounty(ctx.db, input.issueId);
  if (!bounty) {
    throw new AppError('NOT_FOUND', { message: 'This bounty issue has no chain bounty' });
  }
  if (bounty.fundedAt !== null || bounty.refusedReason !== null) {
    throw new AppError('CONFLICT', { message: 'This chain bounty was already funded' });
  }
  const wallet = await demoWalletOf(input.userId, ctx);
  if (!wallet) throw new AppError('CONFLICT', { message: 'Make your demo wallet first' });
  if ((await linkedEvmAddress(input.userId, ctx)) !== wallet.address) {
    throw new AppError('CONFLICT', {
      message: 'Your linked wallet is not your demo wallet: fund the bounty from it instead',
    });
  }
  const amount = BigInt(bounty.amount);
  try {
    await topUp(wallet.address, amount, demo);
    const txHash = await demo.chain.funderWallet(wallet.privateKey).fund({
      issueId: BigInt(input.issueId),
      amount,
      deadline: BigInt(bounty.deadline),
    });
    return { txHash };
  } catch (error) {
    throw chainFailure(error);
  }
}
