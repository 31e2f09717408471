import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { demoWallets } from '../../db/schema';

/** GET /api/wallet's demo wallet address: the user's, when they have one. */
export async function demoWalletAddressOf(
  userId: string,
  ctx: Pick<AppContext, 'db'>,
): Promise<string | null> {
  const [row] = await ctx.db
    .select({ address: demoWallets.address })
    .from(demoWallets)
    .where(eq(demoWallets.userId, userId));
  return row?.address ?? null;
}
