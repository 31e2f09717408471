// The ceiling of a route that reads the database: a bare Fastify 5 server, no logging, that
// answers every request with the stakes-list query of USER_ID: prepared once, over node-postgres
// with the app's pool size (DATABASE_URL), or on embedded PGlite opened as the app opens it
// (DATA_DIR). No session, guard, validation or serialiser: what is left when the app does nothing
// but the one round trip its route needs. Started by stakes-list.bench.ts.
import Fastify from 'fastify';
import pg from 'pg';
import { openPglite, pgliteDataDir } from '../../apps/server/src/db/database';

const QUERY = `select s.*, t.number, t.title from stakes s
  join tracked_issues t on t.github_id = s.issue_github_id
  where s.user_id = $1 order by s.created_at desc, s.id desc limit 21`;
const userId = process.env.USER_ID ?? '';

async function stakesPage(): Promise<() => Promise<unknown[]>> {
  if (process.env.DATA_DIR) {
    const { client } = await openPglite({ dataDir: pgliteDataDir(process.env.DATA_DIR) });
    return async () => (await client.query(QUERY, [userId])).rows;
  }
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  return async () =>
    (await pool.query({ name: 'stakes_page', text: QUERY, values: [userId] })).rows;
}

const page = await stakesPage();
// The ceiling of an empty answer (the wrong database, or the wrong user) would measure nothing.
if ((await page()).length === 0) throw new Error(`no stakes for USER_ID ${userId}`);
const app = Fastify({ logger: false });
app.get('/', async () => ({ success: true, data: (await page()).slice(0, 20) }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${address}`);
