import { eq, isNull, or, type SQL } from 'drizzle-orm'
import { fareObservations } from './schema.ts'

/**
 * The `fare_observations` rows a reader running on `provider` may use: its own, and those recorded
 * before rows named their provider (schema.ts). Another market's fares would show a calendar, a
 * price history and a forecast of prices this provider never quoted. Here, beside the table, because
 * both the flights and the forecast domains read it.
 */
export function fareObservationsOf(provider: string): SQL {
  return or(eq(fareObservations.provider, provider), isNull(fareObservations.provider))!
}
