/**
 * Dates for the OpenAPI document's examples, counted from the day the server started: the
 * examples stay in the future, so they can be sent as they are (the API refuses past departures).
 */
const DAY_MS = 86_400_000
const startDay = Math.floor(Date.now() / DAY_MS) * DAY_MS

/** A calendar date (YYYY-MM-DD) `days` from the start day. */
export const exampleDate = (days: number) => new Date(startDay + days * DAY_MS).toISOString().slice(0, 10)

/** An ISO time on the day `days` from the start day, UTC. */
export const exampleTime = (days: number, hours: number, minutes: number) => new Date(startDay + days * DAY_MS + (hours * 60 + minutes) * 60_000).toISOString()

/** The example trip's dates: New York to Lisbon and back, a season ahead. */
export const EXAMPLE_DEPARTURE = exampleDate(108)
export const EXAMPLE_RETURN = exampleDate(118)
