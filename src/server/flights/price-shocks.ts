import { and, eq, gt } from 'drizzle-orm'
import { z } from 'zod'
import { airportCodesSchema, isoDateSchema } from '#shared/flights/search-params.ts'
import type { Db } from '../db/client.ts'
import { simulatorPriceShocks } from '../db/schema.ts'

export interface PriceShock {
  from: string
  to: string
  departureDate: string | null
  factor: number
  until: Date
}

/** POST /api/admin/simulator/shocks body. */
export const priceShockSchema = z.object({
  from: airportCodesSchema,
  to: airportCodesSchema,
  departureDate: isoDateSchema.optional(),
  factor: z.coerce.number().min(0.05).max(20),
  hours: z.coerce.number().min(0.01).max(24 * 60).default(24),
})
export type PriceShockInput = z.infer<typeof priceShockSchema>

const REFRESH_MS = 2000

/**
 * Simulated-market price shocks, stored in the database so the web process that applies one and
 * the worker that checks alerts see the same market. Read through a short-lived snapshot: the
 * simulator asks on every quote.
 */
export function createPriceShockStore(deps: { db: Db; now: () => Date }) {
  let snapshot: PriceShock[] = []
  let loadedAt = -Infinity
  let loading: Promise<void> | null = null

  async function refresh() {
    const rows = await deps.db.select().from(simulatorPriceShocks).where(and(gt(simulatorPriceShocks.expiresAt, deps.now())))
    snapshot = rows.map((row) => ({ from: row.fromCodes, to: row.toCodes, departureDate: row.departureDate, factor: row.factor, until: row.expiresAt }))
    loadedAt = deps.now().getTime()
  }

  return {
    /** Active shocks; refreshed from the database at most every two seconds. */
    async active(): Promise<PriceShock[]> {
      if (deps.now().getTime() - loadedAt > REFRESH_MS) {
        loading ??= refresh().finally(() => {
          loading = null
        })
        await loading
      }
      return snapshot.filter((shock) => shock.until > deps.now())
    },
    async apply(input: PriceShockInput): Promise<PriceShock> {
      const until = new Date(deps.now().getTime() + input.hours * 60 * 60 * 1000)
      await deps.db.insert(simulatorPriceShocks).values({
        fromCodes: input.from,
        toCodes: input.to,
        departureDate: input.departureDate ?? null,
        factor: input.factor,
        expiresAt: until,
      })
      await refresh()
      return { from: input.from, to: input.to, departureDate: input.departureDate ?? null, factor: input.factor, until }
    },
    /** Ends every shock on this route (whatever its date) now; answers how many were active. */
    async clear(route: { from: string; to: string }): Promise<number> {
      const ended = await deps.db
        .update(simulatorPriceShocks)
        .set({ expiresAt: deps.now() })
        .where(and(eq(simulatorPriceShocks.fromCodes, route.from), eq(simulatorPriceShocks.toCodes, route.to), gt(simulatorPriceShocks.expiresAt, deps.now())))
        .returning({ id: simulatorPriceShocks.id })
      await refresh()
      return ended.length
    },
  }
}

export type PriceShockStore = ReturnType<typeof createPriceShockStore>
