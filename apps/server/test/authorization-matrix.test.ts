import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../src/http/schemas';
import {
  MATRIX,
  PRINCIPALS,
  SPELLINGS,
  expectedCells,
  type MatrixWorld,
  type Principal,
  type Spelling,
} from './authorization-matrix.table';
import { buildMatrixWorld, fillPath, type PrincipalHandle } from './helpers/matrix-world';
import { buildTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
let world: MatrixWorld;
let principals: Record<Principal, PrincipalHandle>;
let documented: string[];

beforeAll(async () => {
  app = await buildTestApp({}, { chain: true });
  ({ world, principals } = await buildMatrixWorld(app));
  const doc = (await app.server.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
});
afterAll(() => app.close());

/** The same path, spelled another way. */
function spell(path: string, spelling: Spelling): string {
  switch (spelling) {
    case 'plain':
      return path;
    case 'percentEncoded':
      return path.replace(/[A-Za-z]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    case 'doubledSlash':
      return path.replaceAll('/', '//');
    case 'trailingSlash':
      return `${path}/`;
  }
}

describe('authorization matrix', () => {
  it('has one row for every route of the OpenAPI document, and none for a route it lacks', () => {
    const rows = Object.keys(MATRIX);
    expect({
      routesWithoutRow: documented.filter((r) => !rows.includes(r)),
      rowsWithoutRoute: rows.filter((r) => !documented.includes(r)),
    }).toEqual({ routesWithoutRow: [], rowsWithoutRoute: [] });
    expect(documented.length).toBeGreaterThan(40);
  });

  it.each(Object.keys(MATRIX))(
    '%s answers every principal as declared, however spelled',
    async (route) => {
      const row = MATRIX[route]!;
      const [method, template] = route.split(' ') as [string, string];
      const path = fillPath(template, row.probe.params?.(world) ?? {});
      const query = row.probe.query ? `?${new URLSearchParams(row.probe.query(world))}` : '';
      const body = row.probe.body?.(world);

      const actual = {} as Record<Spelling, Record<Principal, number>>;
      const expected = {} as Record<Spelling, Record<Principal, number>>;
      const badBodies: string[] = [];
      for (const spelling of SPELLINGS) {
        expected[spelling] = expectedCells(row, spelling);
        actual[spelling] = {} as Record<Principal, number>;
        // Principals are independent: their requests go out together.
        await Promise.all(
          PRINCIPALS.map(async (principal) => {
            const who = principals[principal];
            const res = await app.server.inject({
              method: method as 'GET',
              url: `${spell(path, spelling)}${query}`,
              headers: row.probe.endsSession ? await who.freshHeaders() : who.headers,
              ...(body === undefined ? {} : { payload: body as object }),
            });
            actual[spelling][principal] = res.statusCode;
            // Every refusal, whoever gets it, is the one documented error body.
            if (res.statusCode >= 400) {
              const parsed = errorBodySchema.strict().safeParse(safeJson(res.body));
              if (!parsed.success) badBodies.push(`${spelling} ${principal}: ${res.body}`);
            }
          }),
        );
      }
      expect(actual).toEqual(expected);
      expect(badBodies, 'error bodies not of the documented shape').toEqual([]);
    },
  );
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
