import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD,
  githubNotLinkedYet,
  newAccount,
  signUpAndLinkGithub,
  signUpWithApi,
} from './helpers/accounts';
import {
  baseUrl,
  expectBrowserErrors,
  failedRequest,
  toast,
  uniqueLogin,
  useBrowser,
} from './helpers/browser';
import {
  WEI_PER_ETH,
  createMirrorAccount,
  installHederaSigner,
  installMetamask,
  newEvmAccount,
  newHederaKey,
} from './helpers/wallets';

/**
 * /connect-wallet (the header wallet's page; decision 010) in
 * Chromium against the built server: the only stand-ins are the wallet extensions (helpers/wallets),
 * whose keys stay in Node. A wallet is linked only when it signed the server's challenge.
 */

const browser = useBrowser();
// tess-tester links GitHub only here (a GitHub account links to one OpenStake user, e2e files share
// one server, and no other file nor the demo's seed links her).
const LINKED = 'tess-tester';

// 1.23456 ETH: shown with 4 decimals, the fifth cut (core's formatWeiAsEth), so 1.2345 ETH.
const BALANCE_WEI = (123_456n * WEI_PER_ETH) / 100_000n;
const BALANCE_ETH = '1.2345 ETH';
// 12.345 HBAR (tinybars / 1e8), shown as 12.3450 HBAR.
const TINYBARS = 1_234_500_000n;
const BALANCE_HBAR = '12.3450 HBAR';

const short = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;

const storeButton = (page: Page) => page.getByRole('button', { name: 'Store These Values' });
const githubField = (page: Page) => page.getByLabel('GitHub username');
const addressField = (page: Page) => page.getByLabel('Public Address');
const connectedCard = (page: Page) => page.getByTestId('wallet-connected-card');

/** The value of the connected card's row `label` (its <dd>). */
async function cardValue(page: Page, label: string): Promise<string | null> {
  return connectedCard(page)
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .textContent();
}

/** The signed-in user's linked wallets, asked of the server with the page's session. */
async function linkedWallets(page: Page) {
  const res = await page.request.get('/api/wallet');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as {
    data: { githubUsername: string | null; wallets: { walletType: string; address: string }[] };
  };
  return body.data;
}

/** Fills the form and stores it; ends with the values stored. */
async function storeValues(page: Page, githubUsername: string, address: string): Promise<void> {
  await githubField(page).fill(githubUsername);
  await addressField(page).fill(address);
  await storeButton(page).click();
  await page.getByRole('button', { name: 'Values Stored Successfully' }).waitFor();
}

describe('/connect-wallet', () => {
  it('MetaMask: the form, a signed challenge links the wallet, the header remembers it, Copy Address and Disconnect', async () => {
    const page = await browser.newPage();
    await browser
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const account = newEvmAccount();
    const address = account.address.toLowerCase();
    await installMetamask(browser.context(), { account, balanceWei: BALANCE_WEI });
    await signUpAndLinkGithub(page, 'contributor', LINKED);

    await page.goto(`/connect-wallet?github=${LINKED}&owner=o&repo=r&issue=5`);
    const banner = page.getByTestId('connect-wallet-origin');
    await banner.getByText('From o/r', { exact: true }).waitFor();
    expect(await banner.getByText('#5', { exact: true }).count()).toBe(1);
    expect(await githubField(page).inputValue()).toBe(LINKED);

    // Validation, with the product's texts: empty fields, then a bad name and a short address.
    await githubField(page).fill('');
    await storeButton(page).click();
    await page.getByText('GitHub username is required', { exact: true }).waitFor();
    await page.getByText('Public address is required', { exact: true }).waitFor();
    await toast(page, 'Please fill in all required fields correctly');
    await githubField(page).fill('-not-a-name-');
    await addressField(page).fill('0x1234');
    await storeButton(page).click();
    await page.getByText('Invalid GitHub username format', { exact: true }).waitFor();
    await page.getByText('Public address is too short', { exact: true }).waitFor();
    // Editing a field clears that field's error only.
    await githubField(page).fill(LINKED);
    expect(await page.getByText('Invalid GitHub username format').count()).toBe(0);
    expect(await page.getByText('Public address is too short').count()).toBe(1);
    // Connecting needs a valid form too: nothing is asked of the wallet.
    await page.getByRole('button', { name: 'Connect MetaMask' }).click();
    await page.getByText('Public address is too short', { exact: true }).waitFor();
    expect(await connectedCard(page).count()).toBe(0);

    // Stored: the button's text, the status line and the toast; editing clears the flag.
    await addressField(page).fill(account.address);
    await storeButton(page).click();
    await page.getByRole('button', { name: 'Values Stored Successfully' }).waitFor();
    await page.getByText('Ready to connect wallet!', { exact: true }).waitFor();
    await toast(page, 'Values stored successfully! You can now connect your wallet.');
    await addressField(page).fill(address);
    await storeButton(page).waitFor();
    expect(await page.getByText('Ready to connect wallet!').count()).toBe(0);
    await storeButton(page).click();
    await page.getByText('Ready to connect wallet!', { exact: true }).waitFor();

    // Connect: the wallet signs the challenge (in Node), the server links the address.
    await page.getByRole('button', { name: 'Connect MetaMask' }).click();
    await toast(page, 'MetaMask connected successfully!');
    await toast(page, `Account created! Welcome ${LINKED}`);
    await connectedCard(page).waitFor();
    expect(await cardValue(page, 'Wallet Type')).toBe('MetaMask');
    expect(await cardValue(page, 'GitHub Name')).toBe(LINKED);
    expect(await cardValue(page, 'Account ID')).toBe(address);
    // The public key the server recovered from the signature (uncompressed secp256k1, 0x04...).
    expect(await cardValue(page, 'Public Key')).toBe(short(account.publicKey));
    expect(await cardValue(page, 'Balance')).toBe(BALANCE_ETH);
    expect(await connectedCard(page).getByText('Contract Address').count()).toBe(0);
    expect(await connectedCard(page).getByTestId('hedera-badge').count()).toBe(0);
    const next = page.getByRole('link', { name: 'Continue to Issue' });
    expect(await next.getAttribute('href')).toBe('/contributor/issue/o/r/5');
    expect(await linkedWallets(page)).toEqual({
      githubUsername: LINKED,
      wallets: [expect.objectContaining({ walletType: 'metamask', address })],
      // A contributor has no demo wallet: those are demo mode's, for maintainers.
      demoWalletAddress: null,
    });

    // The header wallet is the server's link: it survives a reload.
    await page.goto('/contributor/dashboard');
    await page.reload();
    const headerWallet = page.getByTestId('wallet-connected');
    await headerWallet.getByText(short(address), { exact: true }).waitFor();
    expect(await headerWallet.getAttribute('aria-label')).toBe(
      `Wallet ${short(address)}, ${BALANCE_ETH}`,
    );
    await headerWallet.click();
    await page.getByRole('menuitem', { name: 'Copy Address' }).click();
    await toast(page, 'Address copied to clipboard!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await headerWallet.click();
    await page.getByRole('menuitem', { name: 'Disconnect' }).click();
    await toast(page, 'Wallet disconnected');
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor();
    expect(await headerWallet.count()).toBe(0);
    expect((await linkedWallets(page)).wallets).toEqual([]);
  });

  it('MetaMask: an address the wallet did not sign for is never linked, nor shown as connected; Try again', async () => {
    const page = await browser.newPage();
    const account = newEvmAccount();
    const address = account.address.toLowerCase();
    // The wallet names one account and signs with another key.
    const wallet = { account, balanceWei: BALANCE_WEI, signer: newEvmAccount() };
    await installMetamask(browser.context(), wallet);
    const login = uniqueLogin('wallet');
    await signUpWithApi(page, 'contributor', login);
    expectBrowserErrors(failedRequest(400, /\/api\/users\/create$/));

    await page.goto('/connect-wallet?owner=o&repo=r&issue=5');
    await storeValues(page, login, address);
    await page.getByRole('button', { name: 'Connect MetaMask' }).click();
    // The server refused the link: its reason is the page's error, and nothing says connected.
    const refused = `The signature was not made by ${address}`;
    await toast(page, refused);
    const error = page.getByTestId('wallet-connect-error');
    await error.getByText(refused, { exact: true }).waitFor();
    await error.getByText('Wallet not connected', { exact: true }).waitFor();
    expect(await connectedCard(page).count()).toBe(0);
    expect(await page.getByText('MetaMask connected successfully!').count()).toBe(0);
    expect(await page.getByText(/Account created/).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Continue to Issue' }).count()).toBe(0);
    expect(await linkedWallets(page)).toEqual({
      githubUsername: login,
      wallets: [],
      demoWalletAddress: null,
    });

    // The user picks the right key in the wallet and tries again: now it is linked and connected.
    wallet.signer = account;
    await error.getByRole('button', { name: 'Try again' }).click();
    await toast(page, 'MetaMask connected successfully!');
    await connectedCard(page).waitFor();
    expect(await cardValue(page, 'Account ID')).toBe(address);
    expect(await error.count()).toBe(0);
    await page.getByRole('link', { name: 'Continue to Issue' }).waitFor();
    expect((await linkedWallets(page)).wallets).toEqual([
      expect.objectContaining({ walletType: 'metamask', address }),
    ]);

    // Over the API, with the same session: a typed address alone, or a signature by another key.
    const typed = await page.request.post('/api/users/create', {
      data: { walletAddress: address, githubUsername: login, walletType: 'metamask' },
    });
    expect(typed.status()).toBe(400);
    const challenge = await page.request.post('/api/store/values', {
      data: { githubUsername: login, publicKey: address },
    });
    expect(challenge.status()).toBe(200);
    const { message } = ((await challenge.json()) as { challenge: { message: string } }).challenge;
    const forged = await page.request.post('/api/users/create', {
      data: {
        walletAddress: address,
        githubUsername: login,
        walletType: 'metamask',
        message,
        signature: await newEvmAccount().signMessage({ message }),
      },
    });
    expect(forged.status()).toBe(400);
    // The right key over the same challenge links it (again): the refusals were about the signature.
    const signed = await page.request.post('/api/users/create', {
      data: {
        walletAddress: address,
        githubUsername: login,
        walletType: 'metamask',
        message,
        signature: await account.signMessage({ message }),
      },
    });
    expect(signed.status()).toBe(200);
    expect((await linkedWallets(page)).wallets).toEqual([
      expect.objectContaining({ walletType: 'metamask', address }),
    ]);
  });

  it('MetaMask: without an extension it says MetaMask is not installed', async () => {
    const page = await browser.newPage();
    const login = uniqueLogin('wallet');
    await signUpWithApi(page, 'contributor', login);
    await page.goto('/connect-wallet');
    expect(await page.evaluate(() => 'ethereum' in window)).toBe(false);
    await githubField(page).fill(login);
    await addressField(page).fill(newEvmAccount().address);
    await page.getByRole('button', { name: 'Connect MetaMask' }).click();
    await toast(page, 'MetaMask is not installed');
    await page.getByRole('alert').getByText('MetaMask is not installed', { exact: true }).waitFor();
    expect(await connectedCard(page).count()).toBe(0);
    expect((await linkedWallets(page)).wallets).toEqual([]);
  });

  it('Hedera: an injected signer signs the challenge; HBAR balance, badge and contract address', async () => {
    const page = await browser.newPage();
    const key = newHederaKey();
    const accountId = await createMirrorAccount(key, TINYBARS);
    await installHederaSigner(browser.context(), accountId, key);
    const login = uniqueLogin('hedera');
    await signUpWithApi(page, 'contributor', login);
    const { data: config } = (await (await page.request.get('/api/config')).json()) as {
      data: { escrowAddress: string | null };
    };

    await page.goto(`/connect-wallet?user=${login}&owner=o&repo=r&issue=5`);
    expect(await githubField(page).inputValue()).toBe(login);
    await addressField(page).fill(accountId);
    await page.getByRole('button', { name: 'Connect Hedera Wallet' }).click();
    // Not stored yet: connecting stores the values first.
    await toast(page, 'Values stored successfully! You can now connect your wallet.');
    await toast(page, 'Hedera Wallet connected successfully!');
    await toast(page, `Account created! Welcome ${login}`);
    expect(await cardValue(page, 'Wallet Type')).toBe('Hedera Wallet');
    expect(await cardValue(page, 'GitHub Name')).toBe(login);
    expect(await cardValue(page, 'Account ID')).toBe(accountId);
    expect(await cardValue(page, 'Public Key')).toBe(short(key.publicKey));
    expect(await cardValue(page, 'Balance')).toBe(BALANCE_HBAR);
    // The demo server records bounty issues on its local chain's escrow contract.
    expect(config.escrowAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await cardValue(page, 'Contract Address')).toBe(config.escrowAddress);
    expect(
      await connectedCard(page).getByRole('heading').getByTestId('hedera-badge').textContent(),
    ).toBe('Hedera');
    expect(await page.getByRole('link', { name: 'Continue to Issue' }).getAttribute('href')).toBe(
      '/contributor/issue/o/r/5',
    );
    expect((await linkedWallets(page)).wallets).toEqual([
      expect.objectContaining({ walletType: 'hedera', address: accountId }),
    ]);

    // The header shows the account and its balance from the mirror node (this account has not
    // linked GitHub: its dashboard says so).
    expectBrowserErrors(githubNotLinkedYet('contributor'));
    await page.goto('/contributor/dashboard');
    const headerWallet = page.getByTestId('wallet-connected');
    await headerWallet.getByText(short(accountId), { exact: true }).waitFor();
    await expect
      .poll(() => headerWallet.getAttribute('aria-label'))
      .toBe(`Wallet ${short(accountId)}, ${BALANCE_HBAR}`);
    await headerWallet.getByTestId('hedera-badge').waitFor();
  });

  it('Hedera without a signer in the page: the challenge is signed elsewhere and pasted; Go to Dashboard, Back to Home', async () => {
    const page = await browser.newPage();
    const key = newHederaKey();
    const accountId = await createMirrorAccount(key, TINYBARS);
    const login = uniqueLogin('hedera');
    await signUpWithApi(page, 'contributor', login);
    expectBrowserErrors(failedRequest(400, /\/api\/hedera\/connect$/));

    await page.goto('/connect-wallet');
    expect(await page.getByTestId('connect-wallet-origin').count()).toBe(0);
    await storeValues(page, login, accountId);
    await page.getByRole('button', { name: 'Connect Hedera Wallet' }).click();
    const challenge = await page.getByLabel('Message to sign').inputValue();
    expect(challenge).toContain(accountId);
    const signature = page.getByLabel('Signature (hex)');

    // Another key's signature is refused, and links nothing.
    await signature.fill(newHederaKey().sign(challenge));
    await page.getByRole('button', { name: 'Verify Signature' }).click();
    const refused = `The signature was not made by the key of Hedera account ${accountId}`;
    await toast(page, refused);
    await page.getByRole('alert').getByText(refused, { exact: true }).waitFor();
    expect((await linkedWallets(page)).wallets).toEqual([]);

    // The account's own signature, signed in Node and pasted as hex.
    await signature.fill(key.sign(challenge));
    await page.getByRole('button', { name: 'Verify Signature' }).click();
    await toast(page, 'Hedera Wallet connected successfully!');
    expect(await cardValue(page, 'Account ID')).toBe(accountId);
    expect(await cardValue(page, 'Balance')).toBe(BALANCE_HBAR);
    expect((await linkedWallets(page)).wallets).toEqual([
      expect.objectContaining({ walletType: 'hedera', address: accountId }),
    ]);

    // Without owner, repo and issue the page goes on to the dashboard; Back to Home goes to /.
    expect(await page.getByRole('link', { name: 'Continue to Issue' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe(
      '/contributor/dashboard',
    );
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('a signed-out visitor signs in first and comes back to the same address', async () => {
    const page = await browser.newPage();
    const account = newAccount('contributor', uniqueLogin('wallet'));
    expect((await page.request.post('/register', { data: account })).status()).toBe(201);

    await page.goto('/connect-wallet?owner=o&repo=r&issue=5');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('radio', { name: 'Contributor' }).check();
    await page.getByLabel('GitHub Username').fill(account.githubUsername);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(
      (url) => url.pathname === '/connect-wallet' && url.search === '?owner=o&repo=r&issue=5',
    );
    await page
      .getByTestId('connect-wallet-origin')
      .getByText('From o/r', { exact: true })
      .waitFor();
    await storeButton(page).waitFor();
    // The address is the page's again: a reload keeps where the visitor came from.
    await page.reload();
    await page
      .getByTestId('connect-wallet-origin')
      .getByText('From o/r', { exact: true })
      .waitFor();
  });
});
