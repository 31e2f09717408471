import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './database';

describe('the embedded database (PGlite)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite();
  });
  afterAll(() => database.close());

  it('lets the event loop run between statements: a burst of queries does not hold back other work', async () => {
    let done = 0;
    const burst = Array.from({ length: 20 }, () =>
      database.db.execute(sql`select count(*) from pg_class`).then(() => done++),
    );
    // Other work that waits for the event loop, as reading a socket does.
    const doneWhenOtherWorkRan = await new Promise<number>((resolve) =>
      setImmediate(() => resolve(done)),
    );
    await Promise.all(burst);
    expect(done).toBe(20);
    expect(doneWhenOtherWorkRan).toBeLessThan(5);
  });

  it('still runs a transaction as one: no statement of another query runs inside it', async () => {
    await database.db.execute(sql`create table turns (n int)`);
    const inTransaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into turns values (1)`);
      await new Promise((resolve) => setImmediate(resolve));
      await tx.execute(sql`insert into turns values (2)`);
    });
    const outside = database.db.execute(sql`insert into turns values (3)`);
    await Promise.all([inTransaction, outside]);
    const rows = await database.db.execute(sql`select n from turns order by ctid`);
    expect((rows as unknown as { rows: { n: number }[] }).rows.map((r) => r.n)).toEqual([1, 2, 3]);
  });
});
