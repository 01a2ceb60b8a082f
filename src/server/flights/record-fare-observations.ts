import type { FareKey } from '#shared/flights/fare-query.ts'
import type { Db } from '../db/client.ts'
import { fareObservations } from '../db/schema.ts'

/** One unfiltered first-step answer's cheapest fare (decision 047). */
export interface FareObservation extends FareKey {
  lowestPrice: number
  observedAt: Date
  source: 'search' | 'check'
  /** The provider that answered (FlightProvider.id). */
  provider: string
}

/** Airport lists in one spelling ("LHR,LGW" and "LGW,LHR" are the same search): sorted codes. */
export function routeCodes(list: string): string {
  return list.toUpperCase().split(',').map((c) => c.trim()).filter(Boolean).sort().join(',')
}

/** Stores observations; `db` may be a transaction (the price-check engine writes them with its results). */
export async function recordFareObservations(db: Pick<Db, 'insert'>, observations: readonly FareObservation[]): Promise<void> {
  if (observations.length === 0) return
  await db.insert(fareObservations).values(
    observations.map((o) => ({
      origin: routeCodes(o.from),
      destination: routeCodes(o.to),
      departureDate: o.departureDate,
      returnDate: o.returnDate,
      cabin: o.cabin,
      adults: o.adults,
      currency: o.currency,
      lowestPrice: o.lowestPrice,
      observedAt: o.observedAt,
      source: o.source,
      provider: o.provider,
    })),
  )
}
