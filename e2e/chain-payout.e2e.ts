import type { Page } from 'playwright-core';
import type { Address, Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { signInAsDemoMaintainer, signUpAndLinkGithub } from './helpers/accounts';
import { numberIn, toast, useBrowser } from './helpers/browser';
import { EscrowStatus, WEI_PER_COIN, devnetClient, escrowIssue } from './helpers/chain';
import { simControl } from './helpers/github-sim';
import { installMetamask, newEvmAccount } from './helpers/wallets';

/**
 * Issue 12's last browser test: a bounty issue created end to end on GitHub and on the chain,
 * merged, and the contributor's wallet balance on chain grows by the bounty. Everything is real
 * (the built server, the GitHub simulator, the demo's in-process EVM devnet with BountyEscrow);
 * only the MetaMask extension is injected, its chain reads forwarded to the devnet and its key in
 * Node.
 */

const browser = useBrowser();
// frontend-fay (a demo maintainer) connected pixel-forge/canvas-kit at the demo's start, and no
// other file posts bounty issues there. newbie-nia links GitHub only here (a GitHub account links
// to one OpenStake user; github-connect only signs up under her name and approves another
// account); she is no member of pixel-forge, so she may earn there (decision 007).
const MAINTAINER = 'frontend-fay';
const CONTRIBUTOR = 'newbie-nia';
const OWNER = 'pixel-forge';
const REPO = 'canvas-kit';
const FULL_NAME = `${OWNER}/${REPO}`;
const TITLE = 'Cache glyph atlases between frames';
const STAKE = 10;
// Not a preset: typed, so the amounts below can only come from this issue.
const BOUNTY = 37;

const short = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;

/** The escrow contract the server records bounty issues on, as /api/config tells the browser. */
async function escrowAddress(page: Page): Promise<Address> {
  const { data } = (await (await page.request.get('/api/config')).json()) as {
    data: { escrowAddress: Address | null };
  };
  expect(data.escrowAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
  return data.escrowAddress as Address;
}

describe('a bounty paid out on chain, end to end', () => {
  it('a bounty issue recorded on GitHub and the chain is merged, and the escrow releases the bounty to the contributor’s linked wallet', async () => {
    const chain = devnetClient();
    // The contributor's wallet: a new key, so nothing else ever pays it.
    const wallet = newEvmAccount();
    const address = wallet.address.toLowerCase();
    const balanceBefore = await chain.getBalance({ address: wallet.address });
    expect(balanceBefore).toBe(0n);

    // The maintainer creates the bounty issue: on GitHub and, through the outbox, on the chain.
    const maintainer = await browser.newPage();
    const simOrigin = await signInAsDemoMaintainer(maintainer, MAINTAINER);
    const escrow = await escrowAddress(maintainer);
    await maintainer.goto(`/maintainer/new-issue?owner=${OWNER}&repo=${REPO}`);
    await maintainer.getByLabel('Title').fill(TITLE);
    await maintainer.getByLabel('Description').fill('Every frame rebuilds the atlas from scratch.');
    await maintainer.getByRole('button', { name: `Stake ${String(STAKE)} coins` }).click();
    await maintainer.getByLabel('Custom bounty (coins)').fill(String(BOUNTY));
    await maintainer.getByRole('button', { name: 'Create Issue with Stake & Bounty' }).click();
    const created = maintainer.getByTestId('issue-created');
    await created.waitFor();
    const issueNumber = numberIn(await created.getByText(/^Issue #\d+ created$/).textContent());
    expect(issueNumber).toBeGreaterThan(0);
    const spec = new RegExp(
      `^Issue #${String(issueNumber)} created on GitHub and blockchain \\(#(\\d+)\\) with ${String(STAKE)} HBAR stake and ${String(BOUNTY)} HBAR bounty! TX: (0x[0-9a-f]{8})\\.\\.\\.$`,
    );
    await toast(maintainer, spec);
    const message = spec.exec((await created.getByText(spec).textContent()) ?? '');
    expect(message).not.toBeNull();
    const chainId = BigInt(message?.[1] ?? '0');
    const txStart = message?.[2] ?? '';

    // The card says 'recorded' with the transaction, which the chain has: the escrow's
    // createIssue from the operator, paying in the bounty in wei.
    await maintainer.goto('/maintainer/bounty-issues');
    const card = maintainer.getByTestId('bounty-issue').filter({ hasText: TITLE });
    const record = card.getByTestId('ledger-network-status');
    await record.getByText('recorded', { exact: true }).waitFor();
    await record.getByText(`${txStart}...`, { exact: true }).waitFor();
    const txHash = (await record.getByText(`${txStart}...`).getAttribute('title')) as Hex;
    expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await chain.getTransactionReceipt({ hash: txHash });
    expect(receipt.status).toBe('success');
    expect(receipt.to?.toLowerCase()).toBe(escrow.toLowerCase());
    const bountyWei = BigInt(BOUNTY) * WEI_PER_COIN;
    const recorded = await escrowIssue(escrow, chainId);
    expect(recorded.status).toBe(EscrowStatus.Open);
    expect(recorded.amount).toBe(bountyWei);

    // The contributor links GitHub, then MetaMask (backed by the devnet) by signing the
    // challenge, coming from the issue as the spec's /connect-wallet link does.
    const contributor = await browser.newPage();
    await installMetamask(browser.context(), { account: wallet, devnet: true });
    await signUpAndLinkGithub(contributor, 'contributor', CONTRIBUTOR);
    await contributor.goto(
      `/connect-wallet?github=${CONTRIBUTOR}&owner=${OWNER}&repo=${REPO}&issue=${String(issueNumber)}`,
    );
    await contributor.getByLabel('Public Address').fill(wallet.address);
    const stored = contributor.waitForResponse((r) => r.url().endsWith('/api/store/values'));
    await contributor.getByRole('button', { name: 'Store These Values' }).click();
    // The Sign-In with Ethereum message the wallet signs names the chain the wallet is on: the
    // demo's devnet, whose bounties it is linked to receive.
    const { challenge } = (await (await stored).json()) as { challenge: { message: string } };
    expect(challenge.message).toContain(`\nChain ID: ${String(await chain.getChainId())}\n`);
    await contributor.getByText('Ready to connect wallet!', { exact: true }).waitFor();
    await contributor.getByRole('button', { name: 'Connect MetaMask' }).click();
    await toast(contributor, 'MetaMask connected successfully!');
    const connected = contributor.getByTestId('wallet-connected-card');
    await connected.getByText(address, { exact: true }).waitFor();
    // The balance the page reads from the wallet, i.e. from the devnet: nothing yet.
    await connected.getByText('0.0000 ETH', { exact: true }).waitFor();

    // From the issue, a pull request that fixes it, and a stake on it.
    await contributor.getByRole('link', { name: 'Continue to Issue' }).click();
    await contributor.waitForURL(`**/contributor/issue/${FULL_NAME}/${String(issueNumber)}`);
    const pr = await simControl<{ number: number; html_url: string }>(
      simOrigin,
      `/repos/${FULL_NAME}/pulls`,
      {
        author: CONTRIBUTOR,
        title: `Keep glyph atlases across frames (#${String(issueNumber)})`,
        body: `Fixes #${String(issueNumber)}`,
      },
    );
    await contributor.getByRole('button', { name: 'Stake & Start Working' }).click();
    await contributor.getByLabel('Pull Request URL').fill(pr.html_url);
    await contributor.getByRole('button', { name: 'Confirm Stake' }).click();
    await toast(contributor, 'Stake created successfully! Good luck with your PR!');

    // The maintainer merges it in the app, with a rating: the bounty is paid in coins ...
    await maintainer.goto(`/maintainer/repo/${OWNER}/${REPO}/issues`);
    const pull = maintainer
      .getByTestId('pull-request')
      .filter({ hasText: `#${String(pr.number)}` });
    await pull.getByRole('button', { name: 'View Details' }).click();
    await pull.getByRole('button', { name: 'Merge PR' }).click();
    const dialog = maintainer.getByRole('dialog');
    const slider = dialog.getByRole('slider', { name: 'Code Quality & Standards' });
    await slider.focus();
    for (let i = 0; i < 4; i++) await slider.press('ArrowRight');
    await dialog.getByRole('button', { name: 'Submit & Merge PR' }).click();
    await toast(maintainer, `bounty of ${String(BOUNTY)} coins paid`);

    // ... and released on the chain by the outbox, to the contributor's linked wallet: exactly
    // the bounty, in wei.
    await expect
      .poll(() => chain.getBalance({ address: wallet.address }), { timeout: 40_000, interval: 250 })
      .toBe(balanceBefore + bountyWei);
    const released = await escrowIssue(escrow, chainId);
    expect(released.status).toBe(EscrowStatus.Released);
    expect(released.assignee.toLowerCase()).toBe(address);
    expect(released.amount).toBe(bountyWei);

    // The header's wallet, after a reload, reads the same balance through the wallet.
    await contributor.goto('/contributor/dashboard');
    await contributor.reload();
    const header = contributor.getByTestId('wallet-connected');
    await header.getByText(short(address), { exact: true }).waitFor();
    const shown = `${String(BOUNTY)}.0000 ETH`;
    await expect
      .poll(() => header.getAttribute('aria-label'))
      .toBe(`Wallet ${short(address)}, ${shown}`);
  });
});
