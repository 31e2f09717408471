import { z } from 'zod';

/**
 * What the server tells every visitor about how it runs: the answer of GET /api/config, and the
 * same object written into every page the server sends (APP_CONFIG_ELEMENT_ID), so the web app
 * knows it before its first render. Public by design: never a secret.
 */
export const appConfigSchema = z.object({
  /** True when GitHub is the in-process simulator. */
  demoMode: z.boolean(),
  /** GitHub's web address (the simulator's in demo mode), for links to GitHub pages. */
  githubWebUrl: z.string(),
  /** The escrow contract holding chain bounties, or null without a chain. */
  escrowAddress: z.string().nullish(),
  /**
   * The ledger network chain bounties are paid on, or null without one: its chain id, its
   * currency (symbol and decimals), and whether demo wallets on a local test chain are offered.
   */
  chain: z
    .object({
      chainId: z.number().int(),
      symbol: z.string(),
      decimals: z.number().int().min(0).max(18),
      demoWallets: z.boolean(),
    })
    .nullish()
    .catch(null),
  /**
   * OpenStake's GitHub App (app mode): a maintainer connects a repository by installing it at
   * `installUrl`; null without one (connecting adds a repository webhook).
   */
  // An address that is not http(s) (a javascript: URL) is no app: the link is never written.
  githubApp: z
    .object({ slug: z.string(), installUrl: z.string().regex(/^https?:\/\//) })
    .nullish()
    .catch(null),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/**
 * The id of the `<script type="application/json">` element holding the AppConfig in a page's
 * HTML. A data block is never run, so the Content-Security-Policy's ban on inline scripts
 * holds.
 */
export const APP_CONFIG_ELEMENT_ID = 'openstake-config';

/**
 * The id of the data block holding the signed-in SessionUser (GET /api/user's `user`) in a page
 * the server rendered for that session (the contributor dashboard), so the app's first render
 * shows the same user the HTML does and asks no one who is signed in.
 */
export const SESSION_USER_ELEMENT_ID = 'openstake-session-user';
