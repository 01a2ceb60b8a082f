import { types } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPglite, TEXT_KEPT_TYPES } from './pglite-client.ts'

/** What Drizzle's PGlite driver sends with every query (drizzle-orm/pglite/session.js). */
const drizzleParsers = Object.fromEntries(TEXT_KEPT_TYPES.map((type) => [type, (value: string) => value]))

const ROW = `select '2026-03-01 10:00:00.123456+00'::timestamptz as at, '2026-03-01'::date as day, '1 day'::interval as span,
  array['2026-03-01 10:00:00+00'::timestamptz] as ats, 12.5::numeric as amount, 7::int as n, '{"a":1}'::jsonb as doc`

describe('PGlite set up for Drizzle', () => {
  let client: Awaited<ReturnType<typeof createPglite>>
  beforeAll(async () => {
    client = await createPglite()
  })
  afterAll(() => client.close())

  it('answers Drizzle-style queries exactly as a plain PGlite given the same parsers', async () => {
    const plain = await (await import('@electric-sql/pglite')).PGlite.create()
    try {
      for (const rowMode of ['array', 'object'] as const) {
        const expected = await plain.query(ROW, [], { rowMode, parsers: drizzleParsers })
        expect((await client.query(ROW, [], { rowMode, parsers: drizzleParsers })).rows).toEqual(expected.rows)
        await client.transaction(async (tx) => {
          expect((await tx.query(ROW, [], { rowMode, parsers: drizzleParsers })).rows).toEqual(expected.rows)
        })
      }
    } finally {
      await plain.close()
    }
  })

  it('keeps honouring a query’s own parsers', async () => {
    const { rows } = await client.query<{ n: string; at: string }>(ROW, [], { parsers: { [types.INT4]: (value: string) => `#${value}` } })
    expect(rows[0]!.n).toBe('#7')
    const shifted = await client.query<{ at: string }>(ROW, [], { parsers: { [types.TIMESTAMPTZ]: (value: string) => value.toUpperCase() + '!' } })
    expect(shifted.rows[0]!.at.endsWith('!')).toBe(true)
  })

  it('still keeps those types as text after the array types are read again', async () => {
    await client.refreshArrayTypes()
    const { rows } = await client.query<{ ats: unknown }>(ROW, [])
    expect(rows[0]!.ats).toBe('{"2026-03-01 10:00:00+00"}')
  })
})
