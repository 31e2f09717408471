/**
 * The authorization matrix (issue 9): what every route of the OpenAPI document answers to every
 * principal, in every spelling of its path. `authorization-matrix.test.ts` sends each cell;
 * `schema-fuzzing.test.ts` reads the table for a principal that each route admits.
 *
 * Figures (29 November 2026, with the notification settings; both tests fail when the OpenAPI
 * document and the table disagree):
 * - matrix: 90 routes x 9 principals x 4 spellings (plain, percent-encoded, doubled slashes,
 *   trailing slash) = 3,240 cells;
 * - schema fuzzing: the 66 routes with a body, query or path parameters in the document (the
 *   webhook included) x 20 generated invalid requests; 13 malformed bodies on every route with a
 *   body, plus a prototype-pollution body where the body has required fields; 31 NUL cases, one
 *   per free-text field (6 more fields are exempt, with a reason).
 *
 * Rules of the table:
 * - A route's cells are for its plain path. Percent-encoded (every letter as %XX) answers the
 *   same; doubled slashes and a trailing slash match no route (404 for everyone), unless a row
 *   declares otherwise. (The tests run without a web build; with one, a GET of //api//... is
 *   not under /api for the SPA fallback and gets index.html: a page, no data.)
 * - Requests are independent and act on nothing: a state-changing route gets a body its schema
 *   refuses (the guard answers a refused principal 401/403 before the body is read, an admitted
 *   one gets 400), unless its body is optional; where a valid id would act (delete, close), the id
 *   is one that does not exist, or a repository that is not connected.
 */

export const PRINCIPALS = [
  'anonymous',
  'contributorA',
  'contributorB',
  'maintainerA',
  'maintainerB',
  'readOnlyMember',
  'company',
  'apiKeyA',
  'apiKeyOther',
] as const;
export type Principal = (typeof PRINCIPALS)[number];

/** One status per principal, in the order of PRINCIPALS. */
export type Cells = readonly [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

export const SPELLINGS = ['plain', 'percentEncoded', 'doubledSlash', 'trailingSlash'] as const;
export type Spelling = (typeof SPELLINGS)[number];

/** The things the paths and bodies name, made by the test through real routes. */
export interface MatrixWorld {
  /** Maintainer A's organization, where B is no member and the read-only member is one. */
  org: string;
  /** Maintainer A's connected repository. */
  repo: { owner: string; repo: string };
  /** A repository A can push to and B cannot, not connected: disconnecting it acts on nothing. */
  unconnectedRepo: { owner: string; repo: string };
  /** An open pull request on A's repository, by contributor A, for the issue below. */
  pullNumber: number;
  pullUrl: string;
  /** An open issue on A's repository, tracked by OpenStake, and the stake it requires. */
  issueNumber: number;
  trackedIssueId: number;
  stakeRequired: number;
  /** A number no pull request or issue of A's repository has. */
  unknownNumber: number;
  /** An API key id that does not exist (A's real key would be deleted). */
  unknownKeyId: string;
  /** Contributor A's user id. */
  userIdA: string;
}

export interface Probe {
  params?: (w: MatrixWorld) => Record<string, string | number>;
  query?: (w: MatrixWorld) => Record<string, string>;
  body?: (w: MatrixWorld) => unknown;
  /** The route ends the session it is sent with: each cell signs in afresh. */
  endsSession?: true;
}

export interface Row {
  probe: Probe;
  /** Statuses for the plain path, one per principal. */
  cells: Cells;
  /** Overrides of the 404 rule for the spellings that match no route. */
  doubledSlash?: Cells;
  trailingSlash?: Cells;
}

/** A body no route's schema accepts: every body schema is an object. */
const refused = { body: () => [] } satisfies Probe;
const repoParams = { params: (w: MatrixWorld) => w.repo } satisfies Probe;
const orgParams = { params: (w: MatrixWorld) => ({ org: w.org }) } satisfies Probe;
/** A conversation id nobody has: an admitted principal learns it does not exist. */
const unknownConversation = {
  params: () => ({ conversationId: '00000000-0000-4000-8000-000000000000' }),
} satisfies Probe;

/**
 * The read-only organization member (a maintainer account whose GitHub login is a plain member of
 * A's organization) on the organization settings routes, /api/maintainer/organizations/{org}/...:
 * only the organization's admins manage them (hole 6), so the member is refused with a 403. The
 * admin check runs in the service, after the body is validated, so a refused body is still a 400.
 */
const RO = { read: 403, refusedBody: 400, unknownKey: 403 } as const;

// prettier-ignore
export const MATRIX: Record<string, Row> = {
  //                                                                       anon cA   cB   mA   mB   ro   co   kA   kO
  'GET /api/health':                                    { probe: {},           cells: [200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'POST /register':                                     { probe: refused,      cells: [400, 400, 400, 400, 400, 400, 400, 400, 400] },
  'POST /login':                                        { probe: refused,      cells: [400, 400, 400, 400, 400, 400, 400, 400, 400] },
  'POST /logout':                                       { probe: { endsSession: true },
                                                                               cells: [200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /api/user':                                      { probe: {},           cells: [401, 200, 200, 200, 200, 200, 200, 401, 401] },
  // Mailed links: public; a refused body is a 400 for everyone.
  'POST /api/auth/verify-email':                        { probe: refused,      cells: [400, 400, 400, 400, 400, 400, 400, 400, 400] },
  'POST /api/auth/forgot-password':                     { probe: refused,      cells: [400, 400, 400, 400, 400, 400, 400, 400, 400] },
  'POST /api/auth/reset-password':                      { probe: refused,      cells: [400, 400, 400, 400, 400, 400, 400, 400, 400] },
  // Any signed-in account; the matrix's accounts confirmed their address, so nothing is sent (409).
  'POST /api/auth/resend-verification':                 { probe: {},           cells: [401, 409, 409, 409, 409, 409, 409, 401, 401] },
  // Notification switches (decision 018): any signed-in account's own, whatever its role; not an
  // API key's. A refused body is a 400 before anything is set.
  'GET /api/notification-settings':                     { probe: {},           cells: [401, 200, 200, 200, 200, 200, 200, 401, 401] },
  'PUT /api/notification-settings':                     { probe: refused,      cells: [401, 400, 400, 400, 400, 400, 400, 401, 401] },
  'GET /api/config':                                    { probe: {},           cells: [200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /api/github/account':                            { probe: {},           cells: [401, 200, 200, 200, 200, 200, 200, 401, 401] },
  // Redirects to GitHub's authorize page; companies do not connect GitHub.
  'GET /api/github/connect':                            { probe: {},           cells: [401, 302, 302, 302, 302, 302, 403, 401, 401] },
  'GET /api/github/signin':                             { probe: {},           cells: [302, 302, 302, 302, 302, 302, 302, 302, 302] },
  'GET /api/github/signup':                             { probe: { query: () => ({ role: 'contributor' }) },
                                                                               cells: [302, 302, 302, 302, 302, 302, 302, 302, 302] },
  // Without a code and state: redirected back to the sign-in page with an error.
  'GET /api/github/callback':                           { probe: {},           cells: [302, 302, 302, 302, 302, 302, 302, 302, 302] },

  'GET /api/maintainer/repositories':                   { probe: {},           cells: [401, 403, 403, 200, 200, 200, 403, 401, 401] },
  'POST /api/maintainer/repositories':                  { probe: refused,      cells: [401, 403, 403, 400, 400, 400, 403, 401, 401] },
  'PATCH /api/maintainer/repositories/{owner}/{repo}':  { probe: { ...repoParams, ...refused },
                                                                               cells: [401, 403, 403, 400, 400, 400, 403, 401, 401] },
  // Not connected: A (push) learns so, the others have no push access.
  'DELETE /api/maintainer/repositories/{owner}/{repo}': { probe: { params: (w) => w.unconnectedRepo },
                                                                               cells: [401, 403, 403, 404, 403, 403, 403, 401, 401] },
  // A repository's vouches: its maintainers who can push (A); B and the read-only member cannot.
  'GET /api/maintainer/repositories/{owner}/{repo}/vouches':
                                                        { probe: repoParams,   cells: [401, 403, 403, 200, 403, 403, 403, 401, 401] },
  'PUT /api/maintainer/repositories/{owner}/{repo}/vouches/{login}':
                                                        { probe: { params: (w) => ({ ...w.repo, login: 'octo-dev' }), ...refused },
                                                                               cells: [401, 403, 403, 400, 400, 400, 403, 401, 401] },
  // Nobody vouched for tess-tester: A learns so, the others have no push access.
  'DELETE /api/maintainer/repositories/{owner}/{repo}/vouches/{login}':
                                                        { probe: { params: (w) => ({ ...w.repo, login: 'tess-tester' }) },
                                                                               cells: [401, 403, 403, 404, 403, 403, 403, 401, 401] },
  // Any maintainer may read a GitHub user's vouches (decision 015: other maintainers see them).
  'GET /api/maintainer/github-users/{login}/vouches':    { probe: { params: () => ({ login: 'octo-dev' }) },
                                                                               cells: [401, 403, 403, 200, 200, 200, 403, 401, 401] },
  'GET /api/maintainer/balance':                        { probe: {},           cells: [401, 403, 403, 200, 200, 200, 403, 401, 401] },
  'GET /api/maintainer/github/repositories':            { probe: {},           cells: [401, 403, 403, 200, 200, 200, 403, 401, 401] },
  // A public repository: any maintainer with a linked GitHub account may read it, as on GitHub.
  // With a trailing slash, .../pulls/ is .../pulls/{number} with an empty number: guarded, then refused.
  'GET /api/maintainer/repos/{owner}/{repo}/pulls':     { probe: repoParams,   cells: [401, 403, 403, 200, 200, 200, 403, 401, 401],
                                                           trailingSlash: [401, 403, 403, 400, 400, 400, 403, 401, 401] },
  'GET /api/maintainer/repos/{owner}/{repo}/pulls/{number}':
                                                        { probe: { params: (w) => ({ ...w.repo, number: w.pullNumber }) },
                                                                               cells: [401, 403, 403, 200, 200, 200, 403, 401, 401] },
  'POST /api/maintainer/repos/{owner}/{repo}/pulls/{number}/merge':
                                                        { probe: { params: (w) => ({ ...w.repo, number: w.pullNumber }), ...refused },
                                                                               cells: [401, 403, 403, 400, 400, 400, 403, 401, 401] },
  // What a merge could make count: only for a maintainer who could merge it (push access).
  'GET /api/maintainer/repos/{owner}/{repo}/pulls/{number}/reward-allowance':
                                                        { probe: { params: (w) => ({ ...w.repo, number: w.pullNumber }) },
                                                                               cells: [401, 403, 403, 200, 403, 403, 403, 401, 401] },
  // No body to refuse: an unknown pull request; push access is checked first.
  'POST /api/maintainer/repos/{owner}/{repo}/pulls/{number}/close':
                                                        { probe: { params: (w) => ({ ...w.repo, number: w.unknownNumber }) },
                                                                               cells: [401, 403, 403, 404, 403, 403, 403, 401, 401] },
  // A spam mark and its undo: no body; an unknown pull request; push access is checked first.
  'POST /api/maintainer/repos/{owner}/{repo}/pulls/{number}/spam-mark':
                                                        { probe: { params: (w) => ({ ...w.repo, number: w.unknownNumber }) },
                                                                               cells: [401, 403, 403, 404, 403, 403, 403, 401, 401] },
  'DELETE /api/maintainer/repos/{owner}/{repo}/pulls/{number}/spam-mark':
                                                        { probe: { params: (w) => ({ ...w.repo, number: w.unknownNumber }) },
                                                                               cells: [401, 403, 403, 404, 403, 403, 403, 401, 401] },
  // The same for .../issues/ and .../issues/{number}.
  'GET /api/maintainer/repos/{owner}/{repo}/issues':    { probe: repoParams,   cells: [401, 403, 403, 200, 200, 200, 403, 401, 401],
                                                           trailingSlash: [401, 403, 403, 400, 400, 400, 403, 401, 401] },
  'GET /api/maintainer/repos/{owner}/{repo}/issues/{number}':
                                                        { probe: { params: (w) => ({ ...w.repo, number: w.issueNumber }) },
                                                                               cells: [401, 403, 403, 200, 200, 200, 403, 401, 401] },
  'POST /api/maintainer/bounty-issues':                 { probe: refused,      cells: [401, 403, 403, 400, 400, 400, 403, 401, 401] },
  'GET /api/maintainer/bounty-issues':                  { probe: {},           cells: [401, 403, 403, 200, 200, 200, 403, 401, 401] },

  // Organization settings: the read-only member's cells are RO (above).
  'GET /api/maintainer/organizations/{org}/repositories':
                                                        { probe: orgParams,    cells: [401, 403, 403, 200, 403, RO.read, 403, 401, 401] },
  'POST /api/maintainer/organizations/{org}/context/generate':
                                                        { probe: { ...orgParams, ...refused },
                                                                               cells: [401, 403, 403, 400, 400, RO.refusedBody, 403, 401, 401] },
  'GET /api/maintainer/organizations/{org}/context':    { probe: orgParams,    cells: [401, 403, 403, 200, 403, RO.read, 403, 401, 401] },
  'PUT /api/maintainer/organizations/{org}/context':    { probe: { ...orgParams, ...refused },
                                                                               cells: [401, 403, 403, 400, 400, RO.refusedBody, 403, 401, 401] },
  'GET /api/maintainer/organizations/{org}/api-keys':   { probe: orgParams,    cells: [401, 403, 403, 200, 403, RO.read, 403, 401, 401] },
  'POST /api/maintainer/organizations/{org}/api-keys':  { probe: { ...orgParams, ...refused },
                                                                               cells: [401, 403, 403, 400, 400, RO.refusedBody, 403, 401, 401] },
  'DELETE /api/maintainer/organizations/{org}/api-keys/{id}':
                                                        { probe: { params: (w) => ({ org: w.org, id: w.unknownKeyId }) },
                                                                               cells: [401, 403, 403, 404, 403, RO.unknownKey, 403, 401, 401] },

  'GET /api/maintainer/preferences':                    { probe: {},           cells: [401, 403, 403, 200, 200, 200, 403, 401, 401] },
  'PUT /api/maintainer/preferences':                    { probe: refused,      cells: [401, 403, 403, 400, 400, 400, 403, 401, 401] },
  // The key is checked in the handler, after the body: a refused body would be a 400 for all.
  // A valid body naming an issue that does not exist: A's key gets that far (404), the other
  // organization's key is refused (403), anything that is not a key is a 401. Only the key's
  // last use is recorded.
  'POST /api/maintainer/issue-comment':                 { probe: { body: (w) => ({ org: w.org, repo: w.repo.repo, issue_number: w.unknownNumber }) },
                                                                               cells: [401, 401, 401, 401, 401, 401, 401, 404, 403] },

  'POST /api/contributor/profile':                      { probe: {},           cells: [401, 200, 200, 403, 403, 403, 403, 401, 401] },
  'GET /api/contributor/stakes':                        { probe: {},           cells: [401, 200, 200, 403, 403, 403, 403, 401, 401] },
  'POST /api/contributor/stakes':                       { probe: refused,      cells: [401, 400, 400, 403, 403, 403, 403, 401, 401] },
  'POST /api/contributor/analyze-repositories':         { probe: {},           cells: [401, 200, 200, 403, 403, 403, 403, 401, 401] },
  'GET /api/contributor/analysis':                      { probe: {},           cells: [401, 200, 200, 403, 403, 403, 403, 401, 401] },
  'POST /api/contributor/suggested-issues':             { probe: {},           cells: [401, 200, 200, 403, 403, 403, 403, 401, 401] },
  'POST /api/contributor/issue-details/{issueId}':      { probe: { params: (w) => ({ issueId: w.trackedIssueId }) },
                                                                               cells: [401, 200, 200, 403, 403, 403, 403, 401, 401] },
  'GET /api/contributor/repos/{owner}/{repo}/issues/{number}':
                                                        { probe: { params: (w) => ({ ...w.repo, number: w.issueNumber }) },
                                                                               cells: [401, 200, 200, 403, 403, 403, 403, 401, 401] },
  'GET /api/contributor/profile/{userId}':              { probe: { params: (w) => ({ userId: w.userIdA }) },
                                                                               cells: [200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'PUT /api/contributor/profile/{userId}':              { probe: { params: (w) => ({ userId: w.userIdA }), ...refused },
                                                                               cells: [401, 400, 400, 403, 403, 403, 403, 401, 401] },
  'GET /api/contributor/privacy':                       { probe: {},           cells: [401, 200, 200, 403, 403, 403, 403, 401, 401] },
  'PUT /api/contributor/privacy':                       { probe: refused,      cells: [401, 400, 400, 403, 403, 403, 403, 401, 401] },

  // The hire directory: companies only. With a trailing slash, .../contributors/ is
  // .../contributors/{userId} with an empty id: guarded, then refused.
  'GET /api/company/contributors':                      { probe: {},           cells: [401, 403, 403, 403, 403, 403, 200, 401, 401],
                                                           trailingSlash: [401, 403, 403, 403, 403, 403, 400, 401, 401] },
  'GET /api/company/contributors/{userId}':             { probe: { params: (w) => ({ userId: w.userIdA }) },
                                                                               cells: [401, 403, 403, 403, 403, 403, 200, 401, 401] },
  'GET /api/company/contributors/{userId}/github':      { probe: { params: (w) => ({ userId: w.userIdA }) },
                                                                               cells: [401, 403, 403, 403, 403, 403, 200, 401, 401] },
  'POST /api/company/contributors/{userId}/messages':   { probe: { params: (w) => ({ userId: w.userIdA }), ...refused },
                                                                               cells: [401, 403, 403, 403, 403, 403, 400, 401, 401] },
  // Conversations: each side under its role's prefix; an unknown conversation is nobody's.
  'GET /api/company/conversations':                     { probe: {},           cells: [401, 403, 403, 403, 403, 403, 200, 401, 401] },
  'GET /api/company/conversations/unread':              { probe: {},           cells: [401, 403, 403, 403, 403, 403, 200, 401, 401] },
  'POST /api/company/conversations/{conversationId}/messages':
                                                        { probe: { ...unknownConversation, ...refused },
                                                                               cells: [401, 403, 403, 403, 403, 403, 400, 401, 401] },
  'POST /api/company/conversations/{conversationId}/read':
                                                        { probe: unknownConversation,
                                                                               cells: [401, 403, 403, 403, 403, 403, 404, 401, 401] },
  'GET /api/contributor/conversations':                 { probe: {},           cells: [401, 200, 200, 403, 403, 403, 403, 401, 401] },
  'GET /api/contributor/conversations/unread':          { probe: {},           cells: [401, 200, 200, 403, 403, 403, 403, 401, 401] },
  'POST /api/contributor/conversations/{conversationId}/messages':
                                                        { probe: { ...unknownConversation, ...refused },
                                                                               cells: [401, 400, 400, 403, 403, 403, 403, 401, 401] },
  'POST /api/contributor/conversations/{conversationId}/read':
                                                        { probe: unknownConversation,
                                                                               cells: [401, 404, 404, 403, 403, 403, 403, 401, 401] },
  'POST /api/contributor/conversations/{conversationId}/decline':
                                                        { probe: unknownConversation,
                                                                               cells: [401, 404, 404, 403, 403, 403, 403, 401, 401] },
  // Wallets (decision 010): contributors and maintainers link wallets to their own account;
  // companies have no GitHub name to link one under. Nobody here has linked one: a 404 for the
  // Hedera balance and for a disconnect.
  'POST /api/store/values':                             { probe: refused,      cells: [401, 400, 400, 400, 400, 400, 403, 401, 401] },
  'POST /api/hedera/connect':                           { probe: refused,      cells: [401, 400, 400, 400, 400, 400, 403, 401, 401] },
  'POST /api/users/create':                             { probe: refused,      cells: [401, 400, 400, 400, 400, 400, 403, 401, 401] },
  'GET /api/wallet':                                    { probe: {},           cells: [401, 200, 200, 200, 200, 200, 403, 401, 401] },
  'GET /api/wallet/hedera/balance':                     { probe: {},           cells: [401, 404, 404, 404, 404, 404, 403, 401, 401] },
  'DELETE /api/wallet/{walletType}':                    { probe: { params: () => ({ walletType: 'hedera' }) },
                                                                               cells: [401, 404, 404, 404, 404, 404, 403, 401, 401] },

  // The original contract backend's calls (the tests' app has the devnet with the escrow): a
  // maintainer's calls (a refused body), reads by every signed-in account, not by an API key. An
  // issue id the chain does not know is a 404. Demo mode's wallets are maintainers' too.
  'POST /api/chain/confirm-funding':                    { probe: refused,      cells: [401, 403, 403, 400, 400, 400, 403, 401, 401] },
  'POST /api/chain/add-stake':                          { probe: refused,      cells: [401, 403, 403, 400, 400, 400, 403, 401, 401] },
  'POST /api/chain/assign-issue':                       { probe: refused,      cells: [401, 403, 403, 400, 400, 400, 403, 401, 401] },
  'GET /api/chain/issue/{id}':                          { probe: { params: (w) => ({ id: w.unknownNumber }) },
                                                                               cells: [401, 404, 404, 404, 404, 404, 404, 401, 401] },
  'GET /api/chain/user-issues/{id}':                    { probe: { params: () => ({ id: `0x${'ab'.repeat(20)}` }) },
                                                                               cells: [401, 200, 200, 200, 200, 200, 200, 401, 401] },
  'GET /api/chain/contract/info':                       { probe: {},           cells: [401, 200, 200, 200, 200, 200, 200, 401, 401] },
  'GET /api/chain/health':                              { probe: {},           cells: [401, 200, 200, 200, 200, 200, 200, 401, 401] },
  'POST /api/demo/wallet':                              { probe: refused,      cells: [401, 403, 403, 400, 400, 400, 403, 401, 401] },
  'POST /api/demo/wallet/fund':                         { probe: refused,      cells: [401, 403, 403, 400, 400, 400, 403, 401, 401] },
  // Demo mode's mailbox (the tests' app runs in demo mode): public, as a newcomer reads the mail
  // of an account they cannot sign in to yet; outside demo mode it is a 404 (mail.test.ts).
  'GET /api/demo/mailbox':                              { probe: {},           cells: [200, 200, 200, 200, 200, 200, 200, 200, 200] },

  // Signed by GitHub instead of a session: without GitHub's headers (hook id, event, delivery)
  // it is refused for everyone before any signature is looked at.
  'POST /api/github/webhooks':                          { probe: { body: () => ({}) },
                                                                               cells: [400, 400, 400, 400, 400, 400, 400, 400, 400] },
};

const NO_ROUTE: Cells = [404, 404, 404, 404, 404, 404, 404, 404, 404];

/** The declared statuses of a route in one spelling, by principal. */
export function expectedCells(row: Row, spelling: Spelling): Record<Principal, number> {
  const cells =
    spelling === 'plain' || spelling === 'percentEncoded' ? row.cells : (row[spelling] ?? NO_ROUTE);
  return Object.fromEntries(PRINCIPALS.map((p, i) => [p, cells[i]!])) as Record<Principal, number>;
}
