import data from './airlines.json' with { type: 'json' }

/** Active airlines with a 2-character IATA code (OpenFlights airlines.dat, ODbL 1.0). */
export interface Airline {
  iata: string
  name: string
  icao: string
  /** Country name as OpenFlights writes it (matches the airports' `country`). */
  country: string
}

type Row = [string, string, string, string]

export const AIRLINES: readonly Airline[] = (data.rows as Row[]).map(([iata, name, icao, country]) => ({ iata, name, icao, country }))

const byIata = new Map(AIRLINES.map((airline) => [airline.iata, airline]))

export function findAirline(iata: string): Airline | undefined {
  return byIata.get(iata.toUpperCase())
}
