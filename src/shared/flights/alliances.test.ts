import { describe, expect, it } from 'vitest'
import { ALLIANCE_MEMBERS, allianceOf } from './alliances.ts'
import { ALLIANCES } from './search-params.ts'

describe('alliances', () => {
  it('finds the alliance of a member airline by IATA code, in any case', () => {
    expect(allianceOf('UA')).toBe('STAR_ALLIANCE')
    expect(allianceOf('dl')).toBe('SKYTEAM')
    expect(allianceOf(' BA ')).toBe('ONEWORLD')
  })

  it('answers null for non-members and missing codes', () => {
    expect(allianceOf('EI')).toBeNull()
    expect(allianceOf('FR')).toBeNull()
    expect(allianceOf(null)).toBeNull()
    expect(allianceOf('')).toBeNull()
  })

  it('lists every airline once, with a 2-character code', () => {
    const all = ALLIANCES.flatMap((alliance) => ALLIANCE_MEMBERS[alliance])
    expect(new Set(all).size).toBe(all.length)
    for (const code of all) expect(code).toMatch(/^[A-Z0-9]{2}$/)
  })
})
