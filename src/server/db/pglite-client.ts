import { PGlite, types, type PGliteOptions, type QueryOptions, type Transaction } from '@electric-sql/pglite'

/**
 * PGlite set up for Drizzle at no cost per query (decision 026).
 *
 * Drizzle's PGlite driver passes the same `parsers` with every query: timestamps, dates,
 * intervals and their arrays are kept as text, which Drizzle's columns then read. PGlite merges
 * per-query parsers into its own, which hold one entry per type in the database (hundreds), by
 * copying the whole object on every call: ~0.1 ms, as long as a simple query itself takes.
 * Here the instance keeps those types as text once, and a query that asks for exactly that is
 * passed on without its copy; any other `parsers` go through untouched.
 */

/** The types Drizzle's PGlite driver keeps as text (drizzle-orm/pglite/session.js). */
export const TEXT_KEPT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]

const keptAsText = new Set(TEXT_KEPT_TYPES.map(String))
const asText = (value: string) => value

type Query = PGlite['query']

/** True when `parsers` only keeps some of the types above as text, which the instance already does. */
function alreadyApplied(parsers: QueryOptions['parsers']): boolean {
  if (!parsers) return false
  for (const key in parsers) {
    if (!keptAsText.has(key) || parsers[key as unknown as number]!('x') !== 'x') return false
  }
  return true
}

function withoutCopiedParsers(query: Query): Query {
  return ((sql: string, params?: unknown[], options?: QueryOptions) => {
    if (!options || !alreadyApplied(options.parsers)) return query(sql, params, options)
    const { parsers: _applied, ...rest } = options
    return query(sql, params, rest)
  }) as Query
}

function keepTypesAsText(client: PGlite) {
  for (const type of TEXT_KEPT_TYPES) client.parsers[type] = asText
}

export async function createPglite(dataDirOrOptions?: string | PGliteOptions): Promise<PGlite> {
  const client = typeof dataDirOrOptions === 'string' ? await PGlite.create(dataDirOrOptions) : await PGlite.create(dataDirOrOptions)
  // After PGlite.create: its start-up installs a parser for every array type, which would replace ours.
  keepTypesAsText(client)
  client.query = withoutCopiedParsers(client.query.bind(client))
  const transaction = client.transaction.bind(client)
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      tx.query = withoutCopiedParsers(tx.query)
      return callback(tx)
    })) as PGlite['transaction']
  const refreshArrayTypes = client.refreshArrayTypes.bind(client)
  client.refreshArrayTypes = async () => {
    await refreshArrayTypes()
    keepTypesAsText(client)
  }
  return client
}
