import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../src/http/schemas';
import { MATRIX, PRINCIPALS, type MatrixWorld, type Principal } from './authorization-matrix.table';
import {
  JsonEntries,
  anyJson,
  anyUrlValue,
  invalidObject,
  invalidText,
  recordValues,
  toJsonText,
  type JsonSchema,
} from './helpers/invalid-input';
import { buildMatrixWorld, fillPath, type PrincipalHandle } from './helpers/matrix-world';
import { buildTestApp, type TestApp } from './helpers/test-app';

/** Generated invalid requests per route; each is checked for a 4xx and an unchanged database. */
const FUZZ_RUNS = 20;

let world: MatrixWorld;
let principals: Record<Principal, PrincipalHandle>;

interface Param {
  name: string;
  required: boolean;
  schema: JsonSchema;
}
interface Operation {
  route: string;
  method: string;
  template: string;
  path: Param[];
  query: Param[];
  body?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: (Param & { in: string })[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

// The routes are read from the OpenAPI document while the file is collected, so each gets a test.
const app: TestApp = await buildTestApp({}, { chain: true });
const doc = (await app.server.inject({ url: '/api/docs/json' })).json<OpenApiDocument>();
const operations: Operation[] = Object.entries(doc.paths).flatMap(([template, ops]) =>
  Object.entries(ops).map(([method, op]) => ({
    route: `${method.toUpperCase()} ${template}`,
    method: method.toUpperCase(),
    template,
    path: (op.parameters ?? []).filter((p) => p.in === 'path'),
    query: (op.parameters ?? []).filter((p) => p.in === 'query'),
    body: op.requestBody?.content['application/json']?.schema,
  })),
);
const withInput = operations.filter((op) => op.body || op.path.length > 0 || op.query.length > 0);

beforeAll(async () => {
  ({ world, principals } = await buildMatrixWorld(app));
});
afterAll(() => app.close());

/**
 * Every table of the public schema, one digest each. Session use times are bookkeeping, and so
 * are the rate limits' counters, which count every request to a limited route, refused or not.
 */
let digestQuery: ReturnType<typeof sql.raw> | undefined;
async function tableDigests(): Promise<Record<string, string>> {
  if (!digestQuery) {
    const tables = rows<{ name: string }>(
      await app.ctx.db.execute(
        sql`select table_name as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      ),
    )
      .map((t) => t.name)
      .filter((t) => t !== 'rate_limit_counters');
    digestQuery = sql.raw(
      tables
        .map(
          (t) =>
            `select '${t}' as name, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as digest
             from (select to_jsonb(r) - 'last_seen_at' as x from "${t}" r) s`,
        )
        .join(' union all '),
    );
  }
  const digests = rows<{ name: string; digest: string }>(await app.ctx.db.execute(digestQuery));
  return Object.fromEntries(digests.map((d) => [d.name, d.digest]));
}
const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

// Routes that document a blank query value as the parameter left out (a cleared filter in a
// shared URL, decision 008): blank is valid there, so it is not sent as invalid input.
const BLANK_QUERY_IS_UNSET = new Set(['GET /api/company/contributors']);

// Who sends a route's generated requests: the first of these the matrix admits. The webhook
// admits no principal (GitHub signs it), so it gets them anonymously.
const SENDERS: Principal[] = ['anonymous', 'apiKeyA', 'contributorA', 'maintainerA', 'company'];
function senderOf(route: string): Principal {
  const cells = MATRIX[route]!.cells;
  return SENDERS.find((p) => ![401, 403].includes(cells[PRINCIPALS.indexOf(p)]!)) ?? 'anonymous';
}

interface FuzzCase {
  label: string;
  path: Record<string, string>;
  query: string;
  body?: { payload: string | Buffer; contentType?: string };
  headers: Record<string, string>;
}

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
];
const contentType = fc.oneof(
  { weight: 4, arbitrary: fc.constant('application/json') },
  { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
);

/** Headers that should change nothing; the request stays the sender's. */
const JUNK_HEADERS: [string, string][] = [
  ['x-forwarded-for', '127.0.0.1, ::1, \u00e9vil'],
  ['x-forwarded-host', 'evil.example'],
  ['x-http-method-override', 'DELETE'],
  ['x-github-event', 'pull_request'],
  ['accept', '*/*;q=\u00ff, text/html'],
  ['accept-encoding', 'gzip;q=2, br, zstd, identity;q=0'],
  ['if-none-match', '*'],
  ['range', 'bytes=0-0'],
  ['cookie', 'openstake_session=not-a-token; __proto__=x'],
  ['x-openstake-role', 'maintainer'],
];

const MALFORMED_JSON = ['{"a":', "{'a': 1}", '[1,]', '{"a": NaN}', 'undefined', '{]'];

/** A request with at least one part its schema refuses. */
function invalidRequest(
  op: Operation,
  inert: Record<string, string | number>,
): fc.Arbitrary<FuzzCase> {
  const breakable: fc.Arbitrary<Omit<FuzzCase, 'headers'>>[] = [];
  const inertPath = Object.fromEntries(
    op.path.map((p) => [p.name, encodeURIComponent(String(inert[p.name]))]),
  );
  const probe = MATRIX[op.route]!.probe;
  const inertQuery = probe.query ? new URLSearchParams(probe.query(world)).toString() : '';
  const bodyless = op.method === 'GET' || op.method === 'DELETE';
  const noiseBody = fc.option(
    fc
      .tuple(anyJson, contentType)
      .map(([v, type]) => ({ payload: toJsonText(v), contentType: type })),
    { nil: undefined },
  );

  const brokenPath = op.path.map((p) => ({ p, bad: invalidText(p.schema) })).filter((x) => x.bad);
  if (brokenPath.length > 0) {
    breakable.push(
      fc
        .constantFrom(...brokenPath)
        .chain(({ p, bad }) =>
          fc.tuple(
            fc.constant(p.name),
            fc.oneof(
              // Not a dot segment: the test client (like a browser) would resolve it into
              // another path before sending, so the server would never see it.
              bad!.filter((v) => v !== '.' && v !== '..').map((v) => encodeURIComponent(v)),
              fc.constantFrom('%', '%zz', '%E0%A4', '%00', '%2F'),
            ),
            bodyless ? fc.constant(undefined) : noiseBody,
          ),
        )
        .map(([name, value, body]) => ({
          label: `path ${name}`,
          path: { ...inertPath, [name]: value },
          query: inertQuery,
          body,
        })),
    );
  }

  const brokenQuery = op.query.map((q) => {
    const options: fc.Arbitrary<[string, string][]>[] = [
      // A repeated key is a list, which no scalar schema takes.
      fc.tuple(anyUrlValue, anyUrlValue).map(([a, b]) => [
        [q.name, a],
        [q.name, b],
      ]),
    ];
    const bad = invalidText(q.schema);
    const refused =
      bad && BLANK_QUERY_IS_UNSET.has(op.route) ? bad.filter((v) => v.trim() !== '') : bad;
    if (refused) options.push(refused.map((v) => [[q.name, v]]));
    if (q.required) options.push(fc.constant([]));
    return { q, entries: fc.oneof(...options) };
  });
  if (brokenQuery.length > 0) {
    const noiseKeys = fc.array(
      fc.tuple(
        fc
          .constantFrom('__proto__', 'constructor', '__proto__[polluted]', 'toString', '', 'a[b]')
          .filter((k) => !op.query.some((q) => q.name === k)),
        anyUrlValue,
      ),
      { maxLength: 3 },
    );
    breakable.push(
      fc
        .constantFrom(...brokenQuery)
        .chain(({ q, entries }) =>
          fc.tuple(
            fc.constant(q.name),
            entries,
            noiseKeys,
            fc.constantFrom('', '&%', '&%zz=1', '&&=', '&=x'),
          ),
        )
        .map(([name, entries, noise, raw]) => {
          const kept = new URLSearchParams(inertQuery);
          kept.delete(name);
          const pairs = [...kept.entries(), ...noise, ...entries]
            .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
            .join('&');
          return { label: `query ${name}`, path: inertPath, query: `${pairs}${raw}` };
        }),
    );
  }

  if (op.body && !bodyless) {
    const body = op.body;
    const nullable = body.nullable === true || (body.anyOf ?? []).some((b) => b.type === 'null');
    const objectSchema: JsonSchema = body.anyOf?.find((b) => b.type === 'object') ?? body;
    const hasRules =
      Object.keys(objectSchema.properties ?? {}).length > 0 ||
      recordValues(objectSchema) !== undefined;
    const topLevel: unknown[] = [[], ['x'], 'text', 42, true, [{}]];
    if (!nullable) topLevel.push(null);
    breakable.push(
      fc
        .tuple(
          fc.oneof(
            ...(hasRules ? [invalidObject(objectSchema).map(toJsonText)] : []),
            fc.constantFrom(...topLevel).map(toJsonText),
            fc.constantFrom(...MALFORMED_JSON),
          ),
          contentType,
        )
        .map(([payload, type]) => ({
          label: 'body',
          path: inertPath,
          query: inertQuery,
          body: { payload, contentType: type },
        })),
    );
  }

  if (breakable.length === 0) throw new Error(`${op.route} has nothing to break`);
  return fc
    .tuple(
      fc.oneof(...breakable),
      fc.subarray(JUNK_HEADERS, { maxLength: 3 }),
      fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)),
    )
    .map(([c, junk, [a, b, d]]) => ({
      ...c,
      headers: { ...Object.fromEntries(junk), 'x-remote': `10.${a}.${b}.${d}` },
    }));
}

/**
 * The webhook's body is the raw bytes GitHub signs, so the document declares none: deliveries
 * that are unsigned, signed with the wrong secret or by another scheme, for A's connected
 * repository or none, with or without GitHub's headers.
 */
const WEBHOOK = 'POST /api/github/webhooks';
function forgedDelivery(): fc.Arbitrary<FuzzCase> {
  const hex = fc.string({
    unit: fc.constantFrom(...'0123456789abcdef'),
    minLength: 64,
    maxLength: 64,
  });
  const payload = fc.oneof(
    fc
      .tuple(
        fc.constantFrom<unknown>(
          `${world.repo.owner}/${world.repo.repo}`,
          'OPENSTAKE-LABS/stake-engine',
          'x/y',
          7,
          null,
        ),
        fc.constantFrom('opened', 'closed', 'submitted', 'created'),
        fc.array(fc.tuple(fc.string({ maxLength: 8 }), anyJson), { maxLength: 3 }),
      )
      .map(([fullName, action, extra]) =>
        toJsonText(
          new JsonEntries([...extra, ['action', action], ['repository', { full_name: fullName }]]),
        ),
      ),
    anyJson.map(toJsonText),
    fc.constantFrom(...MALFORMED_JSON, 'null', '7', '"text"', '[]'),
  );
  const signature = fc.option(
    fc.oneof(
      hex.map((h) => `sha256=${h}`),
      hex.map((h) => `sha1=${h.slice(0, 40)}`),
      fc.constantFrom('sha256=', 'sha256', '', 'sha256=zz'),
      anyUrlValue,
    ),
    { nil: undefined },
  );
  const event = fc.option(
    fc.constantFrom('pull_request', 'pull_request_review', 'issues', 'ping', 'push', ''),
    {
      nil: undefined,
    },
  );
  return fc
    .tuple(payload, signature, event, fc.uuid(), contentType)
    .map(([body, sig, ev, delivery, type]) => ({
      label: `delivery ${ev ?? '(no event)'} ${sig === undefined ? 'unsigned' : 'badly signed'}`,
      path: {},
      query: '',
      body: { payload: body, contentType: type },
      headers: {
        'x-github-delivery': delivery,
        ...(sig === undefined ? {} : { 'x-hub-signature-256': sig }),
        ...(ev === undefined ? {} : { 'x-github-event': ev }),
        'x-remote': '140.82.112.1',
      },
    }));
}

const problemsWith = async (
  res: { statusCode: number; body: string },
  before: Record<string, string>,
): Promise<string[]> => {
  const problems: string[] = [];
  if (res.statusCode < 400 || res.statusCode >= 500) problems.push(`status ${res.statusCode}`);
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    json = res.body;
  }
  if (!errorBodySchema.strict().safeParse(json).success) {
    problems.push(`body not the error shape: ${res.body.slice(0, 300)}`);
  }
  // A webhook the simulated GitHub sends because of the request lands before the check.
  await app.githubSim!.idle();
  const after = await tableDigests();
  const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
  if (changed.length > 0) problems.push(`tables changed: ${changed.join(', ')}`);
  return problems;
};

/** Sends a case as the principal; their cookie and the junk cookie travel together. */
async function send(op: Operation, who: Principal, c: FuzzCase) {
  const own = principals[who].headers;
  const { 'x-remote': remote, cookie: junkCookie, ...junk } = c.headers;
  const cookie = [own.cookie, junkCookie].filter(Boolean).join('; ');
  const headers: Record<string, string> = { ...junk, ...own, ...(cookie ? { cookie } : {}) };
  if (c.body?.contentType) headers['content-type'] = c.body.contentType;
  return app.server.inject({
    method: op.method as 'POST',
    url: `${fillPathRaw(op.template, c.path)}${c.query ? `?${c.query}` : ''}`,
    headers,
    remoteAddress: remote ?? '10.0.0.1',
    ...(c.body ? { payload: c.body.payload } : {}),
  });
}

/** Like fillPath, with values already encoded (or deliberately malformed). */
const fillPathRaw = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

describe('schema fuzzing', () => {
  it('fuzzes every route with a body, query or path parameters, each sent by a principal it admits', () => {
    expect(withInput.length).toBeGreaterThan(25);
    for (const op of withInput) {
      expect(MATRIX[op.route], `${op.route} has a row in the matrix`).toBeDefined();
      const sender = senderOf(op.route);
      expect([401, 403], `${op.route} admits ${sender}`).not.toContain(
        MATRIX[op.route]!.cells[PRINCIPALS.indexOf(sender)],
      );
    }
  });

  const fuzz = async (op: Operation, who: Principal, requests: fc.Arbitrary<FuzzCase>) => {
    const before = await tableDigests();
    await fc.assert(
      fc.asyncProperty(requests, async (c) => {
        const problems = await problemsWith(await send(op, who, c), before);
        if (problems.length > 0) throw new Error(`${c.label}: ${problems.join('; ')}`);
      }),
      { numRuns: FUZZ_RUNS },
    );
    // JSON bodies and query strings with __proto__ keys polluted nothing.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  };

  it.each(withInput.map((op) => [op.route, op] as const))(
    '%s answers generated invalid input with a 4xx error and changes nothing',
    async (route, op) => {
      await fuzz(
        op,
        senderOf(route),
        invalidRequest(op, MATRIX[route]!.probe.params?.(world) ?? {}),
      );
    },
  );

  it(`${WEBHOOK} answers forged deliveries with a 4xx error and changes nothing`, async () => {
    const op = operations.find((o) => o.route === WEBHOOK)!;
    await fuzz(op, 'anonymous', forgedDelivery());
  });
});

/**
 * Bodies no JSON route may take, sent to every route with a body. None of them is an object a
 * schema could accept even if a parser were lenient (a stripped BOM still leaves an array).
 */
const MALFORMED_BODIES: {
  label: string;
  payload: string | Buffer;
  headers?: Record<string, string>;
  /** Only where an empty object is refused anyway: a parser that dropped the keys would leave {}. */
  ifEmptyObjectRefused?: true;
}[] = [
  { label: 'invalid JSON', payload: '{"a":' },
  { label: 'NaN and Infinity tokens', payload: '[NaN, Infinity, -Infinity]' },
  { label: 'a byte order mark', payload: '\uFEFF[]' },
  {
    label: 'invalid UTF-8',
    payload: Buffer.from([0x5b, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x5d]),
  },
  {
    label: 'UTF-16',
    payload: Buffer.from('[]', 'utf16le'),
    headers: { 'content-type': 'application/json; charset=utf-16' },
  },
  { label: 'arrays nested 20,000 deep', payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
  { label: 'over the 100 kB limit', payload: `["${'x'.repeat(110_000)}"]` },
  { label: 'empty, typed as JSON', payload: '' },
  { label: 'plain text', payload: '[]', headers: { 'content-type': 'text/plain' } },
  {
    label: 'a form',
    payload: 'a=1&b=2',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  },
  {
    label: 'multipart',
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
  },
  {
    label: 'a Content-Length shorter than the body',
    payload: '[1,2,3]',
    headers: { 'content-length': '2' },
  },
  { label: 'claimed gzip', payload: '[]', headers: { 'content-encoding': 'gzip' } },
  {
    label: '__proto__ and constructor.prototype keys',
    payload: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    ifEmptyObjectRefused: true,
  },
];

const emptyObjectRefused = (body: JsonSchema) => (body.required ?? []).length > 0;

describe('malformed bodies', () => {
  const bodyRoutes = [
    ...withInput.filter((op) => op.body && !['GET', 'DELETE'].includes(op.method)),
    operations.find((op) => op.route === WEBHOOK)!,
  ];

  it.each(bodyRoutes.map((op) => [op.route, op] as const))(
    '%s refuses each with a 4xx error and changes nothing',
    async (route, op) => {
      const who = senderOf(route);
      const row = MATRIX[route]!;
      const path = fillPath(op.template, row.probe.params?.(world) ?? {});
      const query = row.probe.query ? `?${new URLSearchParams(row.probe.query(world))}` : '';
      const before = await tableDigests();
      const failures: string[] = [];
      for (const body of MALFORMED_BODIES) {
        if (body.ifEmptyObjectRefused && !(op.body && emptyObjectRefused(op.body))) continue;
        const res = await app.server.inject({
          method: op.method as 'POST',
          url: `${path}${query}`,
          headers: {
            'content-type': 'application/json',
            ...principals[who].headers,
            ...body.headers,
          },
          payload: body.payload,
        });
        const problems = await problemsWith(res, before);
        if (problems.length > 0) failures.push(`${body.label}: ${problems.join('; ')}`);
      }
      expect(failures).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );
});

/**
 * A NUL character in text that is otherwise valid: PostgreSQL stores no NUL in text or jsonb, so
 * every such field must answer a 4xx before anything is written. One case per free-text field
 * of the OpenAPI document (a string with no format, enum, or pattern that excludes NUL), or a
 * reason it needs none.
 */
const NUL = 'nul\u0000byte';
const NUL_CASES: Record<
  string,
  { as: Principal; request: (w: MatrixWorld) => { url: string; body?: unknown } }
> = {
  'POST /register body.email': {
    as: 'anonymous',
    request: () => ({
      url: '/register',
      body: {
        role: 'contributor',
        email: `${NUL}@example.com`,
        password: 'password-123',
        githubUsername: 'nul-tester',
      },
    }),
  },
  'POST /register body.githubUsername': {
    as: 'anonymous',
    request: () => ({
      url: '/register',
      body: {
        role: 'contributor',
        email: 'nul-tester@example.com',
        password: 'password-123',
        githubUsername: NUL,
      },
    }),
  },
  'POST /login body.email': {
    as: 'anonymous',
    request: () => ({
      url: '/login',
      body: { role: 'company', email: `${NUL}@example.com`, password: 'password-123' },
    }),
  },
  'POST /login body.githubUsername': {
    as: 'anonymous',
    request: () => ({
      url: '/login',
      body: {
        role: 'contributor',
        email: 'nul-tester@example.com',
        password: 'password-123',
        githubUsername: NUL,
      },
    }),
  },
  'POST /login body.password': {
    as: 'anonymous',
    request: () => ({
      url: '/login',
      body: { role: 'company', email: 'nul-tester@example.com', password: NUL },
    }),
  },
  'POST /api/store/values body.publicKey': {
    as: 'contributorA',
    request: () => ({
      url: '/api/store/values',
      body: { githubUsername: 'nul-tester', publicKey: `0x${'a'.repeat(39)}\u0000` },
    }),
  },
  'POST /api/hedera/connect body.publicKey': {
    as: 'contributorA',
    request: () => ({
      url: '/api/hedera/connect',
      body: {
        githubUsername: 'nul-tester',
        publicKey: `0.0.1${NUL}`,
        message: 'Nonce: x',
        signature: 'ab'.repeat(64),
      },
    }),
  },
  'POST /api/hedera/connect body.message': {
    as: 'contributorA',
    request: () => ({
      url: '/api/hedera/connect',
      body: {
        githubUsername: 'nul-tester',
        publicKey: '0.0.4500001',
        message: `Nonce: ${NUL}`,
        signature: 'ab'.repeat(64),
      },
    }),
  },
  'POST /api/users/create body.walletAddress': {
    as: 'contributorA',
    request: () => ({
      url: '/api/users/create',
      body: { githubUsername: 'nul-tester', walletType: 'hedera', walletAddress: `0.0.1${NUL}` },
    }),
  },
  'POST /api/users/create body.publicKey': {
    as: 'contributorA',
    request: () => ({
      url: '/api/users/create',
      body: {
        githubUsername: 'nul-tester',
        walletType: 'hedera',
        walletAddress: '0.0.4500001',
        publicKey: NUL,
      },
    }),
  },
  'POST /api/users/create body.message': {
    as: 'contributorA',
    request: () => ({
      url: '/api/users/create',
      body: {
        githubUsername: 'nul-tester',
        walletType: 'metamask',
        walletAddress: `0x${'a'.repeat(40)}`,
        message: `Nonce: ${NUL}`,
        signature: 'ab'.repeat(65),
      },
    }),
  },
  'GET /api/github/connect query.returnTo': {
    as: 'contributorA',
    request: () => ({
      url: `/api/github/connect?returnTo=${encodeURIComponent(`/contributor/${NUL}`)}`,
    }),
  },
  'POST /api/maintainer/bounty-issues body.title': {
    as: 'maintainerA',
    request: (w) => ({
      url: '/api/maintainer/bounty-issues',
      body: { ...w.repo, title: `Title ${NUL}`, body: 'Body', stakeAmount: 5, bountyAmount: 10 },
    }),
  },
  'POST /api/maintainer/bounty-issues body.body': {
    as: 'maintainerA',
    request: (w) => ({
      url: '/api/maintainer/bounty-issues',
      body: { ...w.repo, title: 'Title', body: `Body ${NUL}`, stakeAmount: 5, bountyAmount: 10 },
    }),
  },
  'GET /api/contributor/stakes query.cursor': {
    as: 'contributorA',
    request: () => ({ url: `/api/contributor/stakes?cursor=${encodeURIComponent(NUL)}` }),
  },
  'GET /api/maintainer/repos/{owner}/{repo}/pulls query.refresh': {
    as: 'maintainerA',
    request: (w) => ({
      url: `/api/maintainer/repos/${w.repo.owner}/${w.repo.repo}/pulls?refresh=${encodeURIComponent(NUL)}`,
    }),
  },
  'POST /api/auth/forgot-password body.email': {
    as: 'anonymous',
    request: () => ({ url: '/api/auth/forgot-password', body: { email: `${NUL}@example.com` } }),
  },
  'POST /api/auth/reset-password body.password': {
    as: 'anonymous',
    request: () => ({
      url: '/api/auth/reset-password',
      body: { token: 'a'.repeat(43), password: `long-enough ${NUL}` },
    }),
  },
  'GET /api/maintainer/bounty-issues query.search': {
    as: 'maintainerA',
    request: () => ({ url: `/api/maintainer/bounty-issues?search=${encodeURIComponent(NUL)}` }),
  },
  'PUT /api/maintainer/organizations/{org}/context body.context': {
    as: 'maintainerA',
    request: (w) => ({
      url: `/api/maintainer/organizations/${w.org}/context`,
      body: { context: `# ${w.org}\n${NUL}` },
    }),
  },
  'PUT /api/maintainer/repositories/{owner}/{repo}/vouches/{login} body.reason': {
    as: 'maintainerA',
    request: (w) => ({
      url: `/api/maintainer/repositories/${w.repo.owner}/${w.repo.repo}/vouches/octo-dev`,
      body: { kind: 'denounced', reason: `spam${NUL}` },
    }),
  },
  'POST /api/maintainer/organizations/{org}/api-keys body.name': {
    as: 'maintainerA',
    request: (w) => ({
      url: `/api/maintainer/organizations/${w.org}/api-keys`,
      body: { name: NUL },
    }),
  },
  'POST /api/contributor/stakes body.prUrl': {
    as: 'contributorA',
    request: (w) => ({
      url: '/api/contributor/stakes',
      body: { issueId: w.trackedIssueId, prUrl: `${w.pullUrl}\u0000`, amount: w.stakeRequired },
    }),
  },
  'PUT /api/contributor/profile/{userId} body.profile.name': {
    as: 'contributorA',
    request: (w) => ({
      url: `/api/contributor/profile/${w.userIdA}`,
      body: { profile: { name: NUL, bio: '' } },
    }),
  },
  'PUT /api/contributor/profile/{userId} body.profile.bio': {
    as: 'contributorA',
    request: (w) => ({
      url: `/api/contributor/profile/${w.userIdA}`,
      body: { profile: { name: 'Octo', bio: NUL } },
    }),
  },
  'GET /api/company/contributors query.q': {
    as: 'company',
    request: () => ({ url: `/api/company/contributors?q=${encodeURIComponent(NUL)}` }),
  },
  'GET /api/company/contributors query.language': {
    as: 'company',
    request: () => ({ url: `/api/company/contributors?language=${encodeURIComponent(NUL)}` }),
  },
  'GET /api/company/contributors query.cursor': {
    as: 'company',
    request: () => ({ url: `/api/company/contributors?cursor=${encodeURIComponent(NUL)}` }),
  },
  'POST /api/company/contributors/{userId}/messages body.text': {
    as: 'company',
    request: (w) => ({
      url: `/api/company/contributors/${w.userIdA}/messages`,
      body: { text: `Hello ${NUL}` },
    }),
  },
  'POST /api/company/conversations/{conversationId}/messages body.text': {
    as: 'company',
    request: () => ({
      url: '/api/company/conversations/00000000-0000-4000-8000-000000000000/messages',
      body: { text: `Hello ${NUL}` },
    }),
  },
  'POST /api/contributor/conversations/{conversationId}/messages body.text': {
    as: 'contributorA',
    request: () => ({
      url: '/api/contributor/conversations/00000000-0000-4000-8000-000000000000/messages',
      body: { text: `Hello ${NUL}` },
    }),
  },
};
/** Free-text fields without a NUL case, and why. */
const NUL_NOT_CHECKED: Record<string, string> = {
  'POST /register body.password':
    'hashed with argon2id, never stored or compared as text: a NUL is one more character of the password',
  'GET /api/github/callback query.code':
    'any text answers a redirect back to the sign-in page; the code only goes to GitHub',
  'GET /api/github/callback query.state': 'any text answers a redirect; the state is only hashed',
  'GET /api/github/callback query.error': 'any text answers a redirect; the error is not kept',
  'POST /api/contributor/stakes body.repository':
    'ignored (the original client sends it; the issue decides the repository)',
  'POST /api/contributor/stakes body.userId':
    'ignored (the original client sends it; the session decides the user)',
};

/** Fields of the document that take free text, where a NUL is not refused by the schema itself. */
function textFields(op: Operation): string[] {
  const admitsNul = (s: JsonSchema) =>
    s.type === 'string' &&
    !s.enum &&
    !s.format &&
    (!s.pattern || new RegExp(s.pattern).test(`/a${NUL}`) || new RegExp(s.pattern).test(`a${NUL}`));
  const walk = (s: JsonSchema, at: string): string[] => {
    if (admitsNul(s)) return [at];
    if (s.type === 'array' && s.items) return walk(s.items, at);
    return Object.entries(s.properties ?? {}).flatMap(([k, v]) => walk(v, `${at}.${k}`));
  };
  return [
    ...op.path.flatMap((p) => walk(p.schema, `path.${p.name}`)),
    ...op.query.flatMap((p) => walk(p.schema, `query.${p.name}`)),
    ...(op.body ? walk(op.body, 'body') : []),
  ].map((field) => `${op.route} ${field}`);
}

describe('NUL characters', () => {
  it('has a case, or a reason for none, for every free-text field of the document', () => {
    const fields = operations.flatMap(textFields).sort();
    expect([...Object.keys(NUL_CASES), ...Object.keys(NUL_NOT_CHECKED)].sort()).toEqual(fields);
  });

  it.each(Object.keys(NUL_CASES))(
    '%s: a NUL in otherwise valid input answers a 4xx and changes nothing',
    async (field) => {
      const { as, request } = NUL_CASES[field]!;
      const method = field.split(' ')[0]!;
      const { url, body } = request(world);
      const before = await tableDigests();
      const res = await app.server.inject({
        method: method as 'POST',
        url,
        headers: principals[as].headers,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(await problemsWith(res, before)).toEqual([]);
    },
  );
});
