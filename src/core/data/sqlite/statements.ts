import type { Database, Statement } from 'better-sqlite3';

/**
 * Prepares each statement text once per connection. For queries assembled from fixed fragments
 * (a filter's WHERE clause): the few shapes a person's filters give are prepared once and reused;
 * values are always bound as parameters.
 */
export function statementCache(db: Database): (sql: string) => Statement {
  const statements = new Map<string, Statement>();
  return (sql) => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
}
