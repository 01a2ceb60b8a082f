import { describe, expect, it } from 'vitest'
import { bagFeeTable, priceWithBags } from '#shared/flights/bag-fees.ts'
import type { ProviderBookingResult } from '#server/flights/providers/provider.ts'
import { publishesNoFees, UNPUBLISHED_CARRIERS, withoutUnpublishedFees } from './fidelity-extras.ts'
import { readExtraOptions } from './report.ts'

const lines = ['1 free carry-on', '1st checked bag: 35 USD', '2nd checked bag: 45 USD']
const detail = { bookWith: 'Seller', isAirline: true, logos: [], marketedAs: [], price: 400, localPrices: [], optionTitle: null, features: [], baggage: lines, request: null, phone: null, phoneServiceFee: null }
const answer = (code: string): ProviderBookingResult => ({
  selectedFlights: [{ segments: [{ airline: { code, name: code, logoUrl: null } }] } as unknown as ProviderBookingResult['selectedFlights'][number]],
  bookingOptions: [{ separateTickets: false, together: detail, departing: null, returning: null }],
  baggagePrices: { together: lines },
})

describe('the bench sellers’ bag fees (fidelity-extras.ts)', () => {
  it('publishes no fee for the listed carriers, and every fee for the others', () => {
    const [silent] = [...UNPUBLISHED_CARRIERS]
    expect(publishesNoFees(silent!)).toBe(true)
    expect(publishesNoFees('AA')).toBe(false)
    const kept = withoutUnpublishedFees(answer('AA'))
    const dropped = withoutUnpublishedFees(answer(silent!))
    expect(kept).toEqual(answer('AA'))
    expect(dropped.baggagePrices).toEqual({})
    expect(dropped.bookingOptions[0]!.together!.baggage).toEqual([])
    // What the engine and the truth both read: a known total, or none at all.
    const price = (a: ProviderBookingResult) => priceWithBags({ price: 400, currency: 'USD' }, bagFeeTable(a.baggagePrices, 'one_way'), { carry_on: 0, checked: 1 }, 1).total
    expect(price(kept)).toBe(435)
    expect(price(dropped)).toBeNull()
  })

  it('reads the populations’ sizes from the environment or arguments, with the documented defaults', () => {
    expect(readExtraOptions([], {})).toEqual({ flexAlerts: 400, flexWindows: 40, flexHours: 168, flexShocks: 40, bagAlerts: 400, bagSearches: 40, bagHours: 72, bagShocks: 30 })
    expect(readExtraOptions(['--fidelity-flex-alerts=0'], { FIDELITY_BAG_ALERTS: '1_000' })).toMatchObject({ flexAlerts: 0, bagAlerts: 1000 })
  })
})
