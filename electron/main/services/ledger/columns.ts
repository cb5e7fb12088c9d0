// A table's columns beside the fields of the object the app keeps in it, written once: an INSERT
// takes the object's values in this order, and a SELECT names each column after its field, so
// rows come back as the objects themselves (and a set-aside file is read the same way).
import type { SQLInputValue } from 'node:sqlite'

/** field → column, in the order the INSERT lists them */
export type Columns<F extends string = string> = Readonly<Record<F, string>>

/** `account_id AS accountId, …` */
export function selectAs(c: Columns): string {
  return Object.entries(c)
    .map(([field, column]) => `${column} AS ${field}`)
    .join(', ')
}

/** `<head> (account_id, …) VALUES (?, …)`, `head` being `INSERT INTO t` or `INSERT OR IGNORE INTO t` */
export function insertSql(head: string, c: Columns): string {
  const columns = Object.values(c)
  return `${head} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`
}

/** The object's values in the order of `insertSql`'s columns. */
export function valuesOf<F extends string>(c: Columns<F>, o: Record<F, SQLInputValue>): SQLInputValue[] {
  return (Object.keys(c) as F[]).map((f) => o[f])
}
