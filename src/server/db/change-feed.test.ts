import { describe, expect, it } from 'vitest'
import { UserChanges } from './change-feed.ts'

describe('UserChanges', () => {
  it('says a user changed only for changes after the mark', () => {
    const changes = new UserChanges()
    const before = changes.mark()
    changes.record('ann')
    expect(changes.changedSince('ann', before)).toBe(true)
    expect(changes.changedSince('bob', before)).toBe(false)
    const after = changes.mark()
    expect(changes.changedSince('ann', after)).toBe(false)
    changes.record('bob')
    expect(changes.changedSince('ann', after)).toBe(false)
    expect(changes.changedSince('bob', after)).toBe(true)
  })

  it('counts everyone as changed after a change that names no one (a truncate)', () => {
    const changes = new UserChanges()
    const before = changes.mark()
    changes.record('')
    expect(changes.changedSince('ann', before)).toBe(true)
    expect(changes.changedSince('ann', changes.mark())).toBe(false)
  })

  it('counts a forgotten user as changed up to the newest forgotten change, never as unchanged', () => {
    const changes = new UserChanges()
    const before = changes.mark()
    changes.record('first')
    // 100,000 other users push the first one out of memory.
    for (let i = 0; i < 100_000; i++) changes.record(`user-${i}`)
    expect(changes.changedSince('first', before)).toBe(true)
    expect(changes.changedSince('first', changes.mark())).toBe(false)
  })
})
