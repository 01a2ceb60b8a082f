import { ALLIANCES, type Alliance } from './search-params.ts'

/**
 * Full members of the three airline alliances by marketing IATA code (as of 2025; Aeroflot's
 * suspended SkyTeam membership and ITA Airways, between alliances, are left out). Shared so the
 * simulated market (which groups its hub carriers by alliance) and the browser's post-search
 * alliance filter agree on who belongs where. Regional affiliates that fly under a member's code
 * (KLM Cityhopper, Lufthansa CityLine, American Eagle…) are covered by that code.
 */
export const ALLIANCE_MEMBERS: Readonly<Record<Alliance, readonly string[]>> = {
  STAR_ALLIANCE: [
    'A3', // Aegean Airlines
    'AC', // Air Canada
    'CA', // Air China
    'AI', // Air India
    'NZ', // Air New Zealand
    'NH', // ANA
    'OZ', // Asiana Airlines
    'OS', // Austrian Airlines
    'AV', // Avianca
    'SN', // Brussels Airlines
    'CM', // Copa Airlines
    'OU', // Croatia Airlines
    'MS', // EgyptAir
    'ET', // Ethiopian Airlines
    'BR', // EVA Air
    'LO', // LOT Polish Airlines
    'LH', // Lufthansa
    'ZH', // Shenzhen Airlines
    'SQ', // Singapore Airlines
    'SA', // South African Airways
    'LX', // SWISS
    'TP', // TAP Air Portugal
    'TG', // Thai Airways
    'TK', // Turkish Airlines
    'UA', // United Airlines
  ],
  SKYTEAM: [
    'AR', // Aerolíneas Argentinas
    'AM', // Aeroméxico
    'UX', // Air Europa
    'AF', // Air France
    'CI', // China Airlines
    'MU', // China Eastern Airlines
    'DL', // Delta Air Lines
    'GA', // Garuda Indonesia
    'KQ', // Kenya Airways
    'KL', // KLM
    'KE', // Korean Air
    'ME', // Middle East Airlines
    'SV', // Saudia
    'SK', // SAS
    'RO', // TAROM
    'VN', // Vietnam Airlines
    'VS', // Virgin Atlantic
    'MF', // XiamenAir
  ],
  ONEWORLD: [
    'AS', // Alaska Airlines
    'AA', // American Airlines
    'BA', // British Airways
    'CX', // Cathay Pacific
    'FJ', // Fiji Airways
    'AY', // Finnair
    'IB', // Iberia
    'JL', // Japan Airlines
    'MH', // Malaysia Airlines
    'WY', // Oman Air
    'QF', // Qantas
    'QR', // Qatar Airways
    'AT', // Royal Air Maroc
    'RJ', // Royal Jordanian
    'UL', // SriLankan Airlines
  ],
}

const byCode: ReadonlyMap<string, Alliance> = new Map(ALLIANCES.flatMap((alliance) => ALLIANCE_MEMBERS[alliance].map((code) => [code, alliance] as const)))

/** The alliance an airline (IATA code, any case) belongs to, or null for non-members and unknown codes. */
export function allianceOf(code: string | null | undefined): Alliance | null {
  if (!code) return null
  return byCode.get(code.trim().toUpperCase()) ?? null
}
