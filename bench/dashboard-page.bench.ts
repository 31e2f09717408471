// GET /contributor/dashboard as a browser asks for it (brotli accepted, the session cookie), 10
// connections, on PostgreSQL and on the embedded default (PGlite), against the bare Fastify
// baseline: signed in as a contributor, the server renders the page for them per request (the
// web app built for Node, apps/server's spa.ts); signed out, it sends the empty page from memory.
// What rendering on the server costs the server: reported, no goal (the goal is the phone's LCP,
// `npm run bench -- lighthouse`).
import { freshDatabase, startApp } from './lib/app';
import { comparedFigures, versusBaseline } from './lib/compare';
import { startBaseline } from './lib/processes';
import type { BenchRow } from './lib/report';
import { seedContributorWithStakes } from './lib/seed';

const PAGE = '/contributor/dashboard';

export default async function dashboardPage(): Promise<BenchRow[]> {
  const baseline = await startBaseline();
  const rows: BenchRow[] = [];
  try {
    for (const engine of ['postgres', 'pglite'] as const) {
      const database = await freshDatabase(engine);
      try {
        const seeding = await database.open();
        const { token } = await seedContributorWithStakes(seeding.db, 20);
        await seeding.close();
        // One contributor asks for thousands of pages: past the server's limit per account they
        // would get the empty page, so the limit is lifted here.
        const app = await startApp(database, {
          env: { SESSION_PAGE_RENDERS_PER_MINUTE: '1000000' },
        });
        try {
          const cases = [
            { name: 'rendered for its contributor', cookie: `openstake_session=${token}` },
            { name: 'signed out: the empty page', cookie: undefined },
          ];
          for (const { name, cookie } of cases) {
            const page = await fetch(`${app.base}${PAGE}`, {
              headers: cookie ? { cookie } : {},
            }).then((r) => r.text());
            // A bench of the wrong page measures nothing.
            if (page.includes('openstake-session-user') !== Boolean(cookie)) {
              throw new Error(`${PAGE} was not ${name}: is apps/web built?`);
            }
            const measured = await versusBaseline(baseline.base, {
              url: `${app.base}${PAGE}`,
              connections: 10,
              headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) },
            });
            rows.push({
              bench: 'dashboard-page',
              case: `GET ${PAGE}, ${name}, ${engine}`,
              figures: comparedFigures(measured),
              goal: 'none (reported): the cost of rendering on the server',
            });
          }
        } finally {
          await app.stop();
        }
      } finally {
        await database.drop();
      }
    }
  } finally {
    await baseline.stop();
  }
  return rows;
}
