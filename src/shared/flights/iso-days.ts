/** Calendar-date arithmetic on "YYYY-MM-DD" strings, in UTC so no time zone shifts a day. */

const DAY_MS = 86_400_000

export function addIsoDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function isoDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)
}

/** 0 Sunday … 6 Saturday. */
export function isoWeekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay()
}
