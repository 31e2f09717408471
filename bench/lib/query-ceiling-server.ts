// The ceiling of a route that reads the database: a bare Fastify 5 server, no logging, that
// answers every request with the stakes-list query of USER_ID, prepared once, over node-postgres
// with the app's pool size. No session, guard, validation or serialiser: what is left when the app
// does nothing but the one round trip its route needs. started by stakes-list.bench.ts.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const userId = process.env.USER_ID;
const app = Fastify({ logger: false });
app.get('/', async () => {
  const result = await pool.query({
    name: 'stakes_page',
    text: `select s.*, t.number, t.title from stakes s
      join tracked_issues t on t.github_id = s.issue_github_id
      where s.user_id = $1 order by s.created_at desc, s.id desc limit 21`,
    values: [userId],
  });
  return { success: true, data: result.rows.slice(0, 20) };
});
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${address}`);
