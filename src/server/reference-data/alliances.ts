import type { Alliance } from '#shared/flights/search-params.ts'

/**
 * Airline alliance membership, hand-kept: no open dataset carries it (see
 * docs: flight-providers.md §8). Source: the alliances' member pages and airline press releases,
 * reviewed 2026-11. Membership changes: review this table when an airline joins or leaves.
 * Notable moves: SAS left Star Alliance for SkyTeam on 2024-09-01; ITA Airways (AZ) left SkyTeam
 * in 2025-04 and joined Star Alliance in spring 2026; Czech Airlines stopped flying in 2024-10 and
 * is gone; Hawaiian (2025-04), Fiji Airways (2025-04) and Oman Air (2025-06) joined oneworld.
 * Affiliate and connect members (e.g. SkyTeam's regional partners) are left out on purpose.
 */
export interface AllianceMembership {
  /** IATA airline code. */
  iata: string
  alliance: Alliance
  /** Year the airline joined its current alliance. */
  since: number
}

export const ALLIANCE_MEMBERS: readonly AllianceMembership[] = [
  // Star Alliance
  { iata: 'A3', alliance: 'STAR_ALLIANCE', since: 2010 },
  { iata: 'AC', alliance: 'STAR_ALLIANCE', since: 1997 },
  { iata: 'CA', alliance: 'STAR_ALLIANCE', since: 2007 },
  { iata: 'AI', alliance: 'STAR_ALLIANCE', since: 2014 },
  { iata: 'NZ', alliance: 'STAR_ALLIANCE', since: 1999 },
  { iata: 'NH', alliance: 'STAR_ALLIANCE', since: 1999 },
  { iata: 'OZ', alliance: 'STAR_ALLIANCE', since: 2003 },
  { iata: 'OS', alliance: 'STAR_ALLIANCE', since: 2000 },
  { iata: 'AV', alliance: 'STAR_ALLIANCE', since: 2012 },
  { iata: 'SN', alliance: 'STAR_ALLIANCE', since: 2009 },
  { iata: 'CM', alliance: 'STAR_ALLIANCE', since: 2012 },
  { iata: 'OU', alliance: 'STAR_ALLIANCE', since: 2004 },
  { iata: 'MS', alliance: 'STAR_ALLIANCE', since: 2008 },
  { iata: 'ET', alliance: 'STAR_ALLIANCE', since: 2011 },
  { iata: 'BR', alliance: 'STAR_ALLIANCE', since: 2013 },
  { iata: 'AZ', alliance: 'STAR_ALLIANCE', since: 2026 },
  { iata: 'LO', alliance: 'STAR_ALLIANCE', since: 2003 },
  { iata: 'LH', alliance: 'STAR_ALLIANCE', since: 1997 },
  { iata: 'ZH', alliance: 'STAR_ALLIANCE', since: 2012 },
  { iata: 'SQ', alliance: 'STAR_ALLIANCE', since: 2000 },
  { iata: 'SA', alliance: 'STAR_ALLIANCE', since: 2006 },
  { iata: 'LX', alliance: 'STAR_ALLIANCE', since: 2006 },
  { iata: 'TP', alliance: 'STAR_ALLIANCE', since: 2005 },
  { iata: 'TG', alliance: 'STAR_ALLIANCE', since: 1997 },
  { iata: 'TK', alliance: 'STAR_ALLIANCE', since: 2008 },
  { iata: 'UA', alliance: 'STAR_ALLIANCE', since: 1997 },

  // SkyTeam
  { iata: 'AR', alliance: 'SKYTEAM', since: 2012 },
  { iata: 'AM', alliance: 'SKYTEAM', since: 2000 },
  { iata: 'UX', alliance: 'SKYTEAM', since: 2010 },
  { iata: 'AF', alliance: 'SKYTEAM', since: 2000 },
  { iata: 'CI', alliance: 'SKYTEAM', since: 2011 },
  { iata: 'MU', alliance: 'SKYTEAM', since: 2011 },
  { iata: 'DL', alliance: 'SKYTEAM', since: 2000 },
  { iata: 'GA', alliance: 'SKYTEAM', since: 2014 },
  { iata: 'KQ', alliance: 'SKYTEAM', since: 2010 },
  { iata: 'KL', alliance: 'SKYTEAM', since: 2004 },
  { iata: 'KE', alliance: 'SKYTEAM', since: 2000 },
  { iata: 'ME', alliance: 'SKYTEAM', since: 2012 },
  { iata: 'SV', alliance: 'SKYTEAM', since: 2012 },
  { iata: 'SK', alliance: 'SKYTEAM', since: 2024 },
  { iata: 'RO', alliance: 'SKYTEAM', since: 2010 },
  { iata: 'VN', alliance: 'SKYTEAM', since: 2010 },
  { iata: 'VS', alliance: 'SKYTEAM', since: 2023 },
  { iata: 'MF', alliance: 'SKYTEAM', since: 2012 },

  // oneworld
  { iata: 'AS', alliance: 'ONEWORLD', since: 2021 },
  { iata: 'AA', alliance: 'ONEWORLD', since: 1999 },
  { iata: 'BA', alliance: 'ONEWORLD', since: 1999 },
  { iata: 'CX', alliance: 'ONEWORLD', since: 1999 },
  { iata: 'FJ', alliance: 'ONEWORLD', since: 2025 },
  { iata: 'AY', alliance: 'ONEWORLD', since: 1999 },
  { iata: 'HA', alliance: 'ONEWORLD', since: 2025 },
  { iata: 'IB', alliance: 'ONEWORLD', since: 1999 },
  { iata: 'JL', alliance: 'ONEWORLD', since: 2007 },
  { iata: 'MH', alliance: 'ONEWORLD', since: 2013 },
  { iata: 'WY', alliance: 'ONEWORLD', since: 2025 },
  { iata: 'QF', alliance: 'ONEWORLD', since: 1999 },
  { iata: 'QR', alliance: 'ONEWORLD', since: 2013 },
  { iata: 'AT', alliance: 'ONEWORLD', since: 2020 },
  { iata: 'RJ', alliance: 'ONEWORLD', since: 2007 },
  { iata: 'UL', alliance: 'ONEWORLD', since: 2014 },
]

const byAirline = new Map(ALLIANCE_MEMBERS.map((member) => [member.iata, member.alliance]))

/** The alliance an airline belongs to, or undefined for unaligned airlines. */
export function allianceOf(iata: string): Alliance | undefined {
  return byAirline.get(iata.toUpperCase())
}

/** IATA codes of an alliance's members. */
export function allianceMembers(alliance: Alliance): string[] {
  return ALLIANCE_MEMBERS.filter((member) => member.alliance === alliance).map((member) => member.iata)
}

/** True when both airlines are the same or fly in the same alliance (they sell each other's flights). */
export function arePartners(a: string, b: string): boolean {
  if (a === b) return true
  const alliance = allianceOf(a)
  return alliance !== undefined && alliance === allianceOf(b)
}
