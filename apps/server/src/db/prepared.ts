import type { Db } from './database';

/**
 * Statements built by Drizzle once per database and prepared on the server, for the hottest
 * reads: `build` runs on a database's first call and its statements are kept for it, so a call
 * neither builds the query again nor has PostgreSQL parse and plan it again. Only on the
 * database itself (prepared statements do not run inside a Drizzle transaction).
 */
export function preparedPerDb<Statements>(build: (db: Db) => Statements): (db: Db) => Statements {
  const built = new WeakMap<Db, Statements>();
  return (db) => {
    let statements = built.get(db);
    if (!statements) {
      statements = build(db);
      built.set(db, statements);
    }
    return statements;
  };
}
