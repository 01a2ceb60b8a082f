/**
 * How each hub carrier behaves in the simulated market. Judgement calls, not data: names as Google
 * Flights shows them (OpenFlights' names are often outdated, e.g. "Alitalia" for AZ), whether it
 * is a low-cost carrier, how far it flies nonstop, how its fares sit against the market, its best
 * cabin, and the regional brand that operates its short hops.
 */
export type CarrierKind = 'network' | 'lcc'

export interface CarrierProfile {
  name: string
  kind: CarrierKind
  /** Longest nonstop it flies, km. */
  reachKm: number
  /** Fare level against the market (1 = average). */
  priceFactor: number
  /** Best cabin sold: 1 economy only … 4 first. */
  topCabin: 1 | 2 | 3 | 4
  /** Who flies its regional segments ("plane_and_crew_by"). */
  regional?: string
}

type Row = [iata: string, name: string, kind: CarrierKind, reachKm: number, priceFactor: number, topCabin: 1 | 2 | 3 | 4, regional?: string]

const LONG = 15_500
const ROWS: Row[] = [
  ['AA', 'American', 'network', LONG, 1.02, 4, 'Envoy Air as American Eagle'],
  ['DL', 'Delta', 'network', LONG, 1.04, 3, 'Endeavor Air DBA Delta Connection'],
  ['UA', 'United', 'network', LONG, 1.02, 4, 'SkyWest DBA United Express'],
  ['AS', 'Alaska', 'network', 9_000, 0.96, 3, 'Horizon Air'],
  ['HA', 'Hawaiian', 'network', 8_500, 0.98, 3],
  ['B6', 'JetBlue', 'lcc', 5_800, 0.85, 3],
  ['WN', 'Southwest', 'lcc', 4_300, 0.8, 1],
  ['F9', 'Frontier', 'lcc', 3_600, 0.6, 1],
  ['AC', 'Air Canada', 'network', LONG, 1.03, 3, 'Jazz Aviation LP as Air Canada Express'],
  ['WS', 'WestJet', 'network', 7_500, 0.9, 3, 'WestJet Encore'],
  ['AM', 'Aeromexico', 'network', 12_500, 0.95, 3, 'Aeromexico Connect'],
  ['Y4', 'Volaris', 'lcc', 3_900, 0.62, 1],
  ['CM', 'Copa', 'network', 6_500, 1, 3],
  ['AV', 'Avianca', 'network', 10_000, 0.95, 3],
  ['LA', 'LATAM', 'network', LONG, 0.98, 3],
  ['AR', 'Aerolineas Argentinas', 'network', 11_500, 0.95, 3],
  ['G3', 'GOL', 'lcc', 5_000, 0.75, 1],
  ['AD', 'Azul', 'network', 9_000, 0.88, 3],
  ['BA', 'British Airways', 'network', LONG, 1.05, 4, 'BA Cityflyer'],
  ['VS', 'Virgin Atlantic', 'network', 11_500, 1.03, 3],
  ['U2', 'easyJet', 'lcc', 4_000, 0.62, 1],
  ['FR', 'Ryanair', 'lcc', 4_000, 0.5, 1],
  ['W6', 'Wizz Air', 'lcc', 5_000, 0.55, 1],
  ['AF', 'Air France', 'network', LONG, 1.02, 4, 'Air France Hop'],
  ['KL', 'KLM', 'network', LONG, 1, 3, 'KLM Cityhopper'],
  ['LH', 'Lufthansa', 'network', LONG, 1.04, 4, 'Lufthansa CityLine'],
  ['LX', 'SWISS', 'network', LONG, 1.1, 4, 'Helvetic Airways'],
  ['OS', 'Austrian', 'network', 10_000, 1, 3],
  ['SN', 'Brussels Airlines', 'network', 8_000, 0.98, 3],
  ['EW', 'Eurowings', 'lcc', 4_500, 0.75, 1],
  ['TP', 'TAP Air Portugal', 'network', 10_000, 0.93, 3],
  ['IB', 'Iberia', 'network', LONG, 0.98, 3, 'Air Nostrum as Iberia Regional'],
  ['UX', 'Air Europa', 'network', 10_000, 0.9, 3],
  ['VY', 'Vueling', 'lcc', 3_600, 0.68, 1],
  ['AY', 'Finnair', 'network', LONG, 0.97, 3, 'Norra'],
  ['SK', 'SAS', 'network', 10_000, 1, 3, 'SAS Connect'],
  ['DY', 'Norwegian', 'lcc', 4_000, 0.68, 1],
  ['FI', 'Icelandair', 'network', 7_000, 0.9, 3],
  ['EI', 'Aer Lingus', 'network', 8_500, 0.95, 3, 'Emerald Airlines'],
  ['AZ', 'ITA Airways', 'network', 11_000, 0.95, 3],
  ['LO', 'LOT', 'network', 9_500, 0.9, 3],
  ['A3', 'Aegean', 'network', 3_800, 0.92, 3, 'Olympic Air'],
  ['TK', 'Turkish Airlines', 'network', LONG, 0.92, 3],
  ['PC', 'Pegasus', 'lcc', 4_500, 0.65, 1],
  ['BT', 'airBaltic', 'network', 4_000, 0.8, 3],
  ['JU', 'Air Serbia', 'network', 8_000, 0.9, 3],
  ['EK', 'Emirates', 'network', LONG, 1.1, 4],
  ['FZ', 'flydubai', 'lcc', 5_000, 0.75, 3],
  ['EY', 'Etihad', 'network', LONG, 1.05, 4],
  ['QR', 'Qatar Airways', 'network', LONG, 1.1, 4],
  ['SV', 'Saudia', 'network', LONG, 0.88, 4],
  ['GF', 'Gulf Air', 'network', 9_000, 0.88, 3],
  ['WY', 'Oman Air', 'network', 9_000, 0.9, 3],
  ['RJ', 'Royal Jordanian', 'network', 10_000, 0.92, 3],
  ['ME', 'Middle East Airlines', 'network', 7_000, 0.95, 3],
  ['LY', 'El Al', 'network', 11_500, 1.02, 3],
  ['MS', 'EgyptAir', 'network', 11_000, 0.85, 3],
  ['ET', 'Ethiopian', 'network', LONG, 0.9, 3],
  ['KQ', 'Kenya Airways', 'network', 12_000, 0.92, 3],
  ['SA', 'South African Airways', 'network', 12_000, 0.95, 3, 'Airlink'],
  ['AT', 'Royal Air Maroc', 'network', 11_000, 0.88, 3],
  ['WB', 'RwandAir', 'network', 8_000, 0.92, 3],
  ['DT', 'TAAG', 'network', 11_000, 0.9, 3],
  ['AH', 'Air Algérie', 'network', 7_000, 0.85, 3],
  ['JL', 'Japan Airlines', 'network', LONG, 1.06, 4, 'J-Air'],
  ['NH', 'ANA', 'network', LONG, 1.06, 4, 'ANA Wings'],
  ['CX', 'Cathay Pacific', 'network', LONG, 1.08, 4],
  ['CI', 'China Airlines', 'network', LONG, 0.95, 3, 'Mandarin Airlines'],
  ['BR', 'EVA Air', 'network', LONG, 1, 3],
  ['KE', 'Korean Air', 'network', LONG, 1.02, 4],
  ['OZ', 'Asiana', 'network', LONG, 0.96, 3],
  ['SQ', 'Singapore Airlines', 'network', LONG, 1.12, 4],
  ['TG', 'Thai', 'network', LONG, 0.95, 4],
  ['MH', 'Malaysia Airlines', 'network', LONG, 0.93, 3],
  ['AK', 'AirAsia', 'lcc', 4_500, 0.55, 1],
  ['GA', 'Garuda Indonesia', 'network', LONG, 0.9, 3],
  ['VN', 'Vietnam Airlines', 'network', LONG, 0.88, 3],
  ['PR', 'Philippine Airlines', 'network', LONG, 0.9, 3, 'PAL Express'],
  ['5J', 'Cebu Pacific', 'lcc', 4_500, 0.6, 1],
  ['CA', 'Air China', 'network', LONG, 0.85, 4],
  ['MU', 'China Eastern', 'network', LONG, 0.82, 4],
  ['CZ', 'China Southern', 'network', LONG, 0.82, 4],
  ['HU', 'Hainan Airlines', 'network', LONG, 0.85, 3],
  ['AI', 'Air India', 'network', LONG, 0.88, 4, 'Alliance Air'],
  ['6E', 'IndiGo', 'lcc', 8_000, 0.7, 3],
  ['UL', 'SriLankan Airlines', 'network', 9_000, 0.9, 3],
  ['KC', 'Air Astana', 'network', 7_000, 0.9, 3],
  ['QF', 'Qantas', 'network', LONG, 1.05, 4, 'QantasLink'],
  ['VA', 'Virgin Australia', 'network', 7_500, 0.92, 3],
  ['JQ', 'Jetstar', 'lcc', 9_000, 0.68, 3],
  ['NZ', 'Air New Zealand', 'network', LONG, 1.03, 3, 'Air New Zealand Link'],
  ['FJ', 'Fiji Airways', 'network', 11_000, 0.98, 3],
]

export const CARRIER_PROFILES: ReadonlyMap<string, CarrierProfile> = new Map(
  ROWS.map(([iata, name, kind, reachKm, priceFactor, topCabin, regional]) => [
    iata,
    { name, kind, reachKm, priceFactor, topCabin, ...(regional ? { regional } : {}) },
  ]),
)
