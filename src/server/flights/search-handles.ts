import { randomUUID } from 'node:crypto'
import { eq, lt } from 'drizzle-orm'
import type { FlightQuery } from '#shared/flights/flight-query.ts'
import type { Itinerary } from '#shared/flights/model.ts'
import type { Db } from '../db/client.ts'
import { flightSearches } from '../db/schema.ts'

/** Handles live longer than the cache so a cached answer's handles still work; SerpApi tokens go stale after hours. */
export const HANDLE_LIFETIME_MS = 6 * 60 * 60 * 1000
const CLEANUP_EVERY_MS = 10 * 60 * 1000

export type TokenKind = 'next' | 'booking'
export interface StoredToken {
  kind: TokenKind
  token: string
  provider: string
  query: FlightQuery
  /** The leg the token's itinerary belongs to. */
  legIndex: number
}

interface StoredSearch {
  flight: FlightQuery
  legIndex: number
}

/**
 * Keeps provider tokens on the server: a search's itineraries get `<searchId>.<n>` handles in
 * place of their tokens. Stored in the database so any web process can serve the next step.
 */
export function createSearchHandles(deps: { db: Db; now: () => Date }) {
  let lastCleanup = 0

  async function cleanup() {
    const now = deps.now().getTime()
    if (now - lastCleanup < CLEANUP_EVERY_MS) return
    lastCleanup = now
    await deps.db.delete(flightSearches).where(lt(flightSearches.createdAt, new Date(now - HANDLE_LIFETIME_MS)))
  }

  return {
    /** Stores the tokens of these itineraries and returns copies carrying handles instead. */
    async issue(
      provider: string,
      query: FlightQuery,
      legIndex: number,
      groups: Itinerary[][],
    ): Promise<{ searchId: string; groups: Itinerary[][] }> {
      const searchId = randomUUID()
      const tokens: string[] = []
      const handleFor = (kind: TokenKind, token: string | null) => {
        if (!token) return null
        tokens.push(`${kind === 'next' ? 'n' : 'b'}:${token}`)
        return `${searchId}.${tokens.length - 1}`
      }
      const withHandles = groups.map((group) =>
        group.map((itinerary) => ({
          ...itinerary,
          departureToken: handleFor('next', itinerary.departureToken),
          bookingToken: handleFor('booking', itinerary.bookingToken),
        })),
      )
      const stored: StoredSearch = { flight: query, legIndex }
      await deps.db.insert(flightSearches).values({ id: searchId, provider, query: stored as unknown as Record<string, unknown>, tokens, createdAt: deps.now() })
      await cleanup()
      return { searchId, groups: withHandles }
    },

    /** The token behind a handle, or null when it is unknown or too old. */
    async resolve(handle: string): Promise<StoredToken | null> {
      const [searchId, indexText] = handle.split('.')
      if (!searchId || indexText === undefined) return null
      const [row] = await deps.db.select().from(flightSearches).where(eq(flightSearches.id, searchId)).limit(1)
      if (!row || deps.now().getTime() - row.createdAt.getTime() > HANDLE_LIFETIME_MS) return null
      const entry = row.tokens[Number(indexText)]
      if (!entry) return null
      const stored = row.query as unknown as StoredSearch
      return {
        kind: entry.startsWith('n:') ? 'next' : 'booking',
        token: entry.slice(2),
        provider: row.provider,
        query: stored.flight,
        legIndex: stored.legIndex,
      }
    },
  }
}
