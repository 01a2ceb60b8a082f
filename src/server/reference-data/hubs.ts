/**
 * Hub airports (and, for low-cost carriers, main bases) of major airlines on every continent,
 * hand-kept from the airlines' own route maps and fact sheets, reviewed 2026-11. The simulated
 * market builds its network from this table: carriers fly from their hubs, and connections go
 * through them. The first hub listed is the airline's main one. Airports restricted to short-haul
 * flying (DCA, LGA, LIN, SHA) are left out on purpose, and so is Orly for Air France, which moved its
 * flights to CDG in 2026: a hub here is somewhere long-haul connections happen.
 * A code missing from airports.json is skipped by lookups.
 */
export interface AirlineHubs {
  /** IATA airline code. */
  airline: string
  hubs: readonly string[]
}

export const AIRLINE_HUBS: readonly AirlineHubs[] = [
  // North America
  { airline: 'AA', hubs: ['DFW', 'CLT', 'ORD', 'MIA', 'PHL', 'PHX', 'JFK', 'LAX'] },
  { airline: 'DL', hubs: ['ATL', 'DTW', 'MSP', 'SLC', 'JFK', 'LAX', 'SEA', 'BOS'] },
  { airline: 'UA', hubs: ['ORD', 'DEN', 'IAH', 'EWR', 'SFO', 'IAD', 'LAX'] },
  { airline: 'AS', hubs: ['SEA', 'PDX', 'ANC', 'SFO'] },
  { airline: 'HA', hubs: ['HNL'] },
  { airline: 'B6', hubs: ['JFK', 'BOS', 'FLL', 'MCO'] },
  { airline: 'WN', hubs: ['DAL', 'MDW', 'BWI', 'DEN', 'LAS', 'PHX', 'HOU'] },
  { airline: 'F9', hubs: ['DEN', 'MCO', 'LAS'] },
  { airline: 'AC', hubs: ['YYZ', 'YUL', 'YVR', 'YYC'] },
  { airline: 'WS', hubs: ['YYC', 'YYZ', 'YVR'] },
  { airline: 'AM', hubs: ['MEX', 'GDL', 'MTY'] },
  { airline: 'Y4', hubs: ['GDL', 'TIJ', 'MEX'] },
  // Central and South America
  { airline: 'CM', hubs: ['PTY'] },
  { airline: 'AV', hubs: ['BOG', 'MDE', 'SAL'] },
  { airline: 'LA', hubs: ['SCL', 'GRU', 'LIM', 'BOG'] },
  { airline: 'AR', hubs: ['AEP', 'EZE'] },
  { airline: 'G3', hubs: ['GRU', 'GIG', 'BSB'] },
  { airline: 'AD', hubs: ['VCP', 'CNF', 'REC'] },
  // Europe
  { airline: 'BA', hubs: ['LHR', 'LGW'] },
  { airline: 'VS', hubs: ['LHR', 'MAN'] },
  { airline: 'U2', hubs: ['LGW', 'LTN', 'MAN', 'BRS', 'GVA', 'BER', 'MXP'] },
  { airline: 'FR', hubs: ['STN', 'DUB', 'BGY', 'CRL', 'MAD', 'BCN', 'KRK'] },
  { airline: 'W6', hubs: ['BUD', 'OTP', 'WAW', 'LTN', 'SOF'] },
  { airline: 'AF', hubs: ['CDG'] },
  { airline: 'KL', hubs: ['AMS'] },
  { airline: 'LH', hubs: ['FRA', 'MUC'] },
  { airline: 'LX', hubs: ['ZRH', 'GVA'] },
  { airline: 'OS', hubs: ['VIE'] },
  { airline: 'SN', hubs: ['BRU'] },
  { airline: 'EW', hubs: ['DUS', 'CGN', 'HAM'] },
  { airline: 'TP', hubs: ['LIS', 'OPO'] },
  { airline: 'IB', hubs: ['MAD'] },
  { airline: 'UX', hubs: ['MAD'] },
  { airline: 'VY', hubs: ['BCN'] },
  { airline: 'AY', hubs: ['HEL'] },
  { airline: 'SK', hubs: ['CPH', 'ARN', 'OSL'] },
  { airline: 'DY', hubs: ['OSL', 'BGO', 'ARN', 'CPH'] },
  { airline: 'FI', hubs: ['KEF'] },
  { airline: 'EI', hubs: ['DUB'] },
  { airline: 'AZ', hubs: ['FCO'] },
  { airline: 'LO', hubs: ['WAW'] },
  { airline: 'A3', hubs: ['ATH'] },
  { airline: 'TK', hubs: ['IST'] },
  { airline: 'PC', hubs: ['SAW'] },
  { airline: 'BT', hubs: ['RIX'] },
  { airline: 'JU', hubs: ['BEG'] },
  // Middle East
  { airline: 'EK', hubs: ['DXB'] },
  { airline: 'FZ', hubs: ['DXB'] },
  { airline: 'EY', hubs: ['AUH'] },
  { airline: 'QR', hubs: ['DOH'] },
  { airline: 'SV', hubs: ['JED', 'RUH'] },
  { airline: 'GF', hubs: ['BAH'] },
  { airline: 'WY', hubs: ['MCT'] },
  { airline: 'RJ', hubs: ['AMM'] },
  { airline: 'ME', hubs: ['BEY'] },
  { airline: 'LY', hubs: ['TLV'] },
  // Africa
  { airline: 'MS', hubs: ['CAI'] },
  { airline: 'ET', hubs: ['ADD'] },
  { airline: 'KQ', hubs: ['NBO'] },
  { airline: 'SA', hubs: ['JNB'] },
  { airline: 'AT', hubs: ['CMN'] },
  { airline: 'WB', hubs: ['KGL'] },
  { airline: 'DT', hubs: ['LAD'] },
  { airline: 'AH', hubs: ['ALG'] },
  // Asia
  { airline: 'JL', hubs: ['HND', 'NRT'] },
  { airline: 'NH', hubs: ['HND', 'NRT'] },
  { airline: 'CX', hubs: ['HKG'] },
  { airline: 'CI', hubs: ['TPE'] },
  { airline: 'BR', hubs: ['TPE'] },
  { airline: 'KE', hubs: ['ICN'] },
  { airline: 'OZ', hubs: ['ICN'] },
  { airline: 'SQ', hubs: ['SIN'] },
  { airline: 'TG', hubs: ['BKK'] },
  { airline: 'MH', hubs: ['KUL'] },
  { airline: 'AK', hubs: ['KUL', 'BKI'] },
  { airline: 'GA', hubs: ['CGK', 'DPS'] },
  { airline: 'VN', hubs: ['SGN', 'HAN'] },
  { airline: 'PR', hubs: ['MNL', 'CEB'] },
  { airline: '5J', hubs: ['MNL', 'CEB'] },
  { airline: 'CA', hubs: ['PEK', 'TFU'] },
  { airline: 'MU', hubs: ['PVG', 'KMG'] },
  { airline: 'CZ', hubs: ['CAN', 'PKX', 'URC'] },
  { airline: 'HU', hubs: ['PEK', 'HAK'] },
  { airline: 'AI', hubs: ['DEL', 'BOM'] },
  { airline: '6E', hubs: ['DEL', 'BOM', 'BLR'] },
  { airline: 'UL', hubs: ['CMB'] },
  { airline: 'KC', hubs: ['ALA', 'NQZ'] },
  // Oceania
  { airline: 'QF', hubs: ['SYD', 'MEL', 'BNE', 'PER'] },
  { airline: 'VA', hubs: ['BNE', 'SYD', 'MEL'] },
  { airline: 'JQ', hubs: ['MEL', 'SYD'] },
  { airline: 'NZ', hubs: ['AKL'] },
  { airline: 'FJ', hubs: ['NAN'] },
]

const hubsByAirline = new Map(AIRLINE_HUBS.map((entry) => [entry.airline, entry.hubs]))
const airlinesByHub = new Map<string, string[]>()
for (const entry of AIRLINE_HUBS) {
  for (const hub of entry.hubs) {
    const list = airlinesByHub.get(hub) ?? []
    list.push(entry.airline)
    airlinesByHub.set(hub, list)
  }
}

/** An airline's hubs, main hub first; empty for airlines not in the table. */
export function hubsOf(airlineIata: string): readonly string[] {
  return hubsByAirline.get(airlineIata.toUpperCase()) ?? []
}

/** Airlines with a hub (or base) at an airport, in table order. */
export function carriersAt(airportIata: string): readonly string[] {
  return airlinesByHub.get(airportIata.toUpperCase()) ?? []
}

/** True when some airline in the table hubs at the airport. */
export function isHub(airportIata: string): boolean {
  return airlinesByHub.has(airportIata.toUpperCase())
}
