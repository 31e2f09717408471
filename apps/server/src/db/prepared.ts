import type { Db } from './database';

/**
 * A query built once per database and kept as a prepared statement (PostgreSQL parses and plans
 * it once per connection; Drizzle builds its SQL once), for the reads every request makes. Its
 * parameters are `sql.placeholder(name)`s, given at `.execute({ name: value })`.
 */
export function preparedQuery<T>(build: (db: Db) => T): (db: Db) => T {
  const byDatabase = new WeakMap<Db, T>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}
