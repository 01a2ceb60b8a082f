/**
 * The earliest calendar date still current somewhere on Earth (UTC−12). A traveller in any time
 * zone can search from their own today; only dates past everywhere are refused. Searches and
 * alerts judge departures against the same day.
 */
export function earliestTravelDate(now: Date): string {
  return new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10)
}
