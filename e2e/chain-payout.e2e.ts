import type { Page } from 'playwright-core';
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { signInAsDemoMaintainer, signUpAndLinkGithub } from './helpers/accounts';
import { numberIn, toast, useBrowser } from './helpers/browser';
import {
  EscrowStatus,
  WEI_PER_UNIT,
  devnetClient,
  escrowIssue,
  escrowOperator,
  setDevnetBalance,
} from './helpers/chain';
import { simControl } from './helpers/github-sim';
import { installMetamask, newEvmAccount } from './helpers/wallets';

/**
 * Issue 27's browser tests of a chain bounty: created beside an issue's coin bounty, paid into the
 * escrow by the maintainer's own wallet (never by the operator), and released to the contributor
 * whose pull request is merged. Everything is real (the built server, the GitHub simulator, the
 * demo's local EVM devnet, anvil, with BountyEscrow); only the MetaMask extension is injected, its
 * chain calls forwarded to the devnet and its keys in Node.
 */

const browser = useBrowser();
// frontend-fay (a demo maintainer) connected pixel-forge's canvas-kit and icon-forge at the demo's
// start, and no other file posts bounty issues there. newbie-nia links GitHub only here (a GitHub
// account links to one OpenStake user; github-connect only signs up under her name and approves
// another account); she is no member of pixel-forge, so she may earn there (decision 007).
// The tests run in this order: the first finds fay with no wallet linked (demo mode makes her
// one), the second links her MetaMask in its place.
const MAINTAINER = 'frontend-fay';
const CONTRIBUTOR = 'newbie-nia';
const OWNER = 'pixel-forge';

const short = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;

/** The escrow contract chain bounties are held in, as /api/config tells the browser. */
async function escrowAddress(page: Page): Promise<Address> {
  const { data } = (await (await page.request.get('/api/config')).json()) as {
    data: { escrowAddress: Address | null };
  };
  expect(data.escrowAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
  return data.escrowAddress as Address;
}

/**
 * Fills the create-issue form with a coin stake and bounty and a chain bounty, creates it, and
 * checks the toast says which amount is which. Returns the issue's number and GitHub id (its id
 * on the chain).
 */
async function createWithChainBounty(
  page: Page,
  input: { repo: string; title: string; stake: number; bounty: number; chainBounty: string },
): Promise<{ number: number }> {
  await page.goto(`/maintainer/new-issue?owner=${OWNER}&repo=${input.repo}`);
  await page.getByLabel('Title').fill(input.title);
  await page.getByLabel('Description').fill('Every frame rebuilds the atlas from scratch.');
  await page.getByRole('button', { name: `Stake ${String(input.stake)} coins` }).click();
  await page.getByLabel('Custom bounty (coins)').fill(String(input.bounty));
  await page.getByLabel('Chain bounty in HBAR (optional)').fill(input.chainBounty);
  // The summary keeps the chain bounty apart from the coins paid now.
  await page
    .getByTestId('summary-pay-now')
    .getByText(`${String(input.bounty + Math.ceil(input.bounty / 20))} coins`)
    .waitFor();
  await page.getByTestId('summary-chain-bounty').getByText(`${input.chainBounty} HBAR`).waitFor();
  await page.getByRole('button', { name: 'Create Issue with Stake & Bounty' }).click();
  const created = page.getByTestId('issue-created');
  await created.waitFor();
  const number = numberIn(await created.getByText(/^Issue #\d+ created$/).textContent());
  expect(number).toBeGreaterThan(0);
  await toast(
    page,
    `Issue #${String(number)} created on GitHub with a ${String(input.stake)}-coin stake and a ${String(input.bounty)}-coin bounty; ${input.chainBounty} HBAR awaiting funding from your wallet`,
  );
  const chainBounty = created.getByTestId('chain-bounty');
  await chainBounty.getByTestId('chain-bounty-status').getByText('Awaiting funding').waitFor();
  return { number };
}

/** The issue's GitHub id, its id on the chain, as the bounty issue list has it. */
async function issueIdOf(page: Page, number: number, repo: string): Promise<bigint> {
  const { data } = (await (
    await page.request.get(`/api/maintainer/bounty-issues?search=%23${String(number)}`)
  ).json()) as {
    data: { issues: { id: number; number: number; repository: { fullName: string } }[] };
  };
  const issue = data.issues.find(
    (i) => i.number === number && i.repository.fullName === `${OWNER}/${repo}`,
  );
  expect(issue).toBeDefined();
  return BigInt(issue!.id);
}

describe('a chain bounty, end to end', () => {
  it('in demo mode, a maintainer with no wallet funds it from a demo wallet on the local test chain', async () => {
    const maintainer = await browser.newPage();
    await signInAsDemoMaintainer(maintainer, MAINTAINER);
    const escrow = await escrowAddress(maintainer);
    const repo = 'icon-forge';
    const { number } = await createWithChainBounty(maintainer, {
      repo,
      title: 'Ship the icon set as a sprite sheet',
      stake: 5,
      bounty: 21,
      chainBounty: '2.5',
    });
    const panel = maintainer.getByTestId('issue-created').getByTestId('chain-bounty');
    await panel.getByText('test currency that is worth nothing').waitFor();
    await panel.getByRole('button', { name: 'Use a demo wallet' }).click();
    await panel
      .getByTestId('demo-wallet-badge')
      .getByText('Demo wallet on a local test chain')
      .waitFor();
    await panel.getByRole('button', { name: 'Fund 2.5 HBAR from your demo wallet' }).click();
    await toast(maintainer, '2.5 HBAR chain bounty funded from your wallet');
    await panel.getByTestId('chain-bounty-status').getByText('Funded').waitFor();

    // The escrow holds it, paid in by the demo wallet: never by the operator.
    const issueId = await issueIdOf(maintainer, number, repo);
    const recorded = await escrowIssue(escrow, issueId);
    expect(recorded.status).toBe(EscrowStatus.Open);
    expect(recorded.amount).toBe(25n * (WEI_PER_UNIT / 10n));
    expect(recorded.funder.toLowerCase()).not.toBe((await escrowOperator(escrow)).toLowerCase());
    const wallets = (await (await maintainer.request.get('/api/wallet')).json()) as {
      data: { demoWalletAddress: string };
    };
    expect(recorded.funder.toLowerCase()).toBe(wallets.data.demoWalletAddress);
  });

  it('a maintainer’s MetaMask signs the funding, and the escrow releases it to the contributor’s linked wallet on merge', async () => {
    const chain = devnetClient();
    const repo = 'canvas-kit';
    const title = 'Cache glyph atlases between frames';
    // Her own money on the chain, and the contributor's new, empty wallet.
    const maintainerWallet = newEvmAccount();
    await setDevnetBalance(maintainerWallet.address, 50n * WEI_PER_UNIT);
    const contributorWallet = newEvmAccount();
    const contributorAddress = contributorWallet.address.toLowerCase();
    expect(await chain.getBalance({ address: contributorWallet.address })).toBe(0n);

    // The maintainer links her MetaMask from the header, by signing its challenge.
    const maintainer = await browser.newPage();
    await installMetamask(browser.context(), { account: maintainerWallet, devnet: true });
    const simOrigin = await signInAsDemoMaintainer(maintainer, MAINTAINER);
    const escrow = await escrowAddress(maintainer);
    const operator = await escrowOperator(escrow);
    const operatorBefore = await chain.getBalance({ address: operator });
    // The demo wallet the first test made her is linked: she disconnects it first.
    const connectButton = maintainer.getByRole('button', { name: 'Connect Wallet' });
    const linkedWallet = maintainer.getByTestId('wallet-connected');
    await connectButton.or(linkedWallet).waitFor();
    if (await linkedWallet.isVisible()) {
      await linkedWallet.click();
      await maintainer.getByRole('menuitem', { name: 'Disconnect' }).click();
      await toast(maintainer, 'Wallet disconnected');
    }
    await connectButton.click();
    await maintainer.getByRole('menuitem', { name: 'Connect MetaMask' }).click();
    await toast(maintainer, 'MetaMask connected!');

    // She creates the issue: coins for the stake and the bounty, 3.7 HBAR on the chain.
    const { number } = await createWithChainBounty(maintainer, {
      repo,
      title,
      stake: 10,
      bounty: 37,
      chainBounty: '3.7',
    });
    const panel = maintainer.getByTestId('issue-created').getByTestId('chain-bounty');
    await panel.getByText(short(maintainerWallet.address.toLowerCase())).waitFor();
    // Her wallet signs the escrow's createIssue with 3.7 HBAR; the server checks the chain.
    await panel.getByRole('button', { name: 'Fund 3.7 HBAR from your wallet' }).click();
    await toast(maintainer, '3.7 HBAR chain bounty funded from your wallet');
    await panel.getByTestId('chain-bounty-status').getByText('Funded').waitFor();
    const chainBountyWei = 37n * (WEI_PER_UNIT / 10n);
    const issueId = await issueIdOf(maintainer, number, repo);
    const funded = await escrowIssue(escrow, issueId);
    expect(funded.status).toBe(EscrowStatus.Open);
    expect(funded.amount).toBe(chainBountyWei);
    expect(funded.funder.toLowerCase()).toBe(maintainerWallet.address.toLowerCase());

    // The bounty issue list shows the chain bounty funded, beside the coins.
    await maintainer.goto('/maintainer/bounty-issues');
    const card = maintainer.getByTestId('bounty-issue').filter({ hasText: title });
    await card.getByTestId('chain-bounty-status').getByText('Funded').waitFor();
    await card.getByText('37 coins', { exact: true }).waitFor();

    // The contributor links GitHub, then MetaMask (backed by the devnet) by signing the
    // challenge, coming from the issue, as the original /connect-wallet link does.
    const contributor = await browser.newPage();
    await installMetamask(browser.context(), { account: contributorWallet, devnet: true });
    await signUpAndLinkGithub(contributor, 'contributor', CONTRIBUTOR);
    await contributor.goto(
      `/connect-wallet?github=${CONTRIBUTOR}&owner=${OWNER}&repo=${repo}&issue=${String(number)}`,
    );
    await contributor.getByLabel('Public Address').fill(contributorWallet.address);
    const stored = contributor.waitForResponse((r) => r.url().endsWith('/api/store/values'));
    await contributor.getByRole('button', { name: 'Store These Values' }).click();
    // The Sign-In with Ethereum message the wallet signs names the chain the wallet is on.
    const { challenge } = (await (await stored).json()) as { challenge: { message: string } };
    expect(challenge.message).toContain(`\nChain ID: ${String(await chain.getChainId())}\n`);
    await contributor.getByText('Ready to connect wallet!', { exact: true }).waitFor();
    await contributor.getByRole('button', { name: 'Connect MetaMask' }).click();
    await toast(contributor, 'MetaMask connected successfully!');
    const connected = contributor.getByTestId('wallet-connected-card');
    await connected.getByText(contributorAddress, { exact: true }).waitFor();
    await connected.getByText('0.0000 ETH', { exact: true }).waitFor();

    // From the issue, a pull request that fixes it, and a stake on it.
    await contributor.getByRole('link', { name: 'Continue to Issue' }).click();
    await contributor.waitForURL(`**/contributor/issue/${OWNER}/${repo}/${String(number)}`);
    const pr = await simControl<{ number: number; html_url: string }>(
      simOrigin,
      `/repos/${OWNER}/${repo}/pulls`,
      {
        author: CONTRIBUTOR,
        title: `Keep glyph atlases across frames (#${String(number)})`,
        body: `Fixes #${String(number)}`,
      },
    );
    await contributor.getByRole('button', { name: 'Stake & Start Working' }).click();
    await contributor.getByLabel('Pull Request URL').fill(pr.html_url);
    await contributor.getByRole('button', { name: 'Confirm Stake' }).click();
    await toast(contributor, 'Stake created successfully! Good luck with your PR!');

    // The maintainer merges it in the app, with a rating: the coin bounty is paid in coins ...
    await maintainer.goto(`/maintainer/repo/${OWNER}/${repo}/issues`);
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
    await toast(maintainer, 'bounty of 37 coins paid');

    // ... and the chain bounty is released by the outbox to the contributor's linked wallet:
    // exactly what the maintainer's wallet paid in.
    await expect
      .poll(() => chain.getBalance({ address: contributorWallet.address }), {
        timeout: 40_000,
        interval: 250,
      })
      .toBe(chainBountyWei);
    const released = await escrowIssue(escrow, issueId);
    expect(released.status).toBe(EscrowStatus.Released);
    expect(released.assignee.toLowerCase()).toBe(contributorAddress);
    // The operator paid gas for its transactions (the hold, the release) and nothing more.
    const operatorSpent = operatorBefore - (await chain.getBalance({ address: operator }));
    expect(operatorSpent).toBeGreaterThanOrEqual(0n);
    expect(operatorSpent).toBeLessThan(WEI_PER_UNIT / 100n);
    await maintainer.goto('/maintainer/bounty-issues');
    await card.getByTestId('chain-bounty-status').getByText('Released').waitFor();

    // The header's wallet, after a reload, reads the same balance through the wallet.
    await contributor.goto('/contributor/dashboard');
    await contributor.reload();
    const header = contributor.getByTestId('wallet-connected');
    await header.getByText(short(contributorAddress), { exact: true }).waitFor();
    await expect
      .poll(() => header.getAttribute('aria-label'))
      .toBe(`Wallet ${short(contributorAddress)}, 3.7000 ETH`);
  });
});
