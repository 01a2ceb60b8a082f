import { describe, expect, it } from 'vitest'
import { mulberry32 } from './hash.ts'
import {
  adultFareUsd,
  baseFareUsd,
  bookingCurve,
  daysToDeparture,
  FareNoise,
  marketNoise,
  passengerMultiplier,
  percentile,
  seasonFactor,
  stopsFactor,
  weekdayFactor,
  type Cabin,
  type FareInput,
} from './price-model.ts'
import {
  referenceAdultFareUsd,
  referenceBookingCurve,
  referenceDaysToDeparture,
  referenceMarketNoise,
  referenceSeasonFactor,
  referenceWeekdayFactor,
} from './reference-model.test-helpers.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const NOW = new Date('2026-11-02T09:30:00Z')
const JFK_LHR_KM = 5_540

/** One flight's fare input, keyed the way fares.ts keys it (flights, dates, sold cabin). */
const fare = (over: Partial<FareInput> = {}): FareInput => {
  const cabin = over.cabin ?? 1
  return {
    distanceKm: JFK_LHR_KM,
    cabin,
    stops: 0,
    carrier: 1,
    travelDate: '2026-12-09',
    originTimeZone: 'America/New_York',
    now: NOW,
    noiseKey: `BA117@2026-12-09|c${cabin}`,
    ...over,
  }
}

/** 100 different flights, so ordering claims are not an accident of one noise key. */
const FLIGHTS = Array.from({ length: 100 }, (_, i) => `XX${100 + i}@2026-12-09`)
const hourly = (from: Date, hours: number) => Array.from({ length: hours }, (_, h) => new Date(from.getTime() + h * HOUR))
const NOISE_MIN = Math.exp(-0.18)
const NOISE_MAX = Math.exp(0.18)

describe('price model: determinism and movement over time', () => {
  it('gives the same fare for the same inputs at the same instant', () => {
    expect(adultFareUsd(fare())).toBe(adultFareUsd(fare({ now: new Date(NOW.getTime()) })))
    expect(marketNoise('k', NOW)).toBe(marketNoise('k', new Date(NOW.toISOString())))
  })

  it('without noise gives the typical fare: the same at any hour of the day', () => {
    const typical = adultFareUsd(fare({ noise: false }))
    // 2 Nov in New York (the fare's origin), hour by hour: 05:00 UTC on the 2nd to 04:00 UTC on the 3rd.
    for (const at of hourly(new Date('2026-11-02T05:00:00Z'), 24)) expect(adultFareUsd(fare({ now: at, noise: false }))).toBe(typical)
    expect(adultFareUsd(fare())).toBeCloseTo(typical * marketNoise(fare().noiseKey, NOW))
  })

  it('keeps a fare fixed for the whole UTC hour', () => {
    const start = adultFareUsd(fare({ now: new Date('2026-11-02T09:00:00Z') }))
    expect(adultFareUsd(fare({ now: new Date('2026-11-02T09:59:59Z') }))).toBe(start)
  })

  it('moves the same fare from one hour to the next and from one day to the next', () => {
    const now = adultFareUsd(fare())
    expect(adultFareUsd(fare({ now: new Date(NOW.getTime() + HOUR) }))).not.toBe(now)
    expect(adultFareUsd(fare({ now: new Date(NOW.getTime() + DAY) }))).not.toBe(now)
  })

  it('goes both up and down over 30 days of hourly checks, drifting rather than jumping', () => {
    for (const key of FLIGHTS.slice(0, 10)) {
      const values = hourly(NOW, 30 * 24).map((at) => marketNoise(key, at))
      let ups = 0
      let downs = 0
      for (let i = 1; i < values.length; i++) {
        if (values[i]! > values[i - 1]!) ups++
        if (values[i]! < values[i - 1]!) downs++
        // Slow daily drift (interpolated) plus a small hourly jitter: never a jump of 10 % in an hour.
        expect(Math.abs(Math.log(values[i]! / values[i - 1]!))).toBeLessThan(0.1)
      }
      expect(ups).toBeGreaterThan(100)
      expect(downs).toBeGreaterThan(100)
    }
  })

  it('keeps the market noise within about ×0.83 … ×1.2', () => {
    const all = FLIGHTS.flatMap((key) => hourly(NOW, 24 * 7).map((at) => marketNoise(key, at)))
    expect(Math.min(...all)).toBeGreaterThanOrEqual(NOISE_MIN)
    expect(Math.max(...all)).toBeLessThanOrEqual(NOISE_MAX)
    // …and it uses most of that range, so the bound is not trivially loose.
    expect(Math.min(...all)).toBeLessThan(0.9)
    expect(Math.max(...all)).toBeGreaterThan(1.1)
  })

  it('keeps a far-off fare within ±25 % of its 30-day median', () => {
    const values = hourly(NOW, 30 * 24).map((at) => adultFareUsd(fare({ travelDate: '2027-03-10', noiseKey: 'BA117@2027-03-10|c1', now: at })))
    const median = percentile(values, 0.5)
    expect(Math.min(...values)).toBeGreaterThan(0.75 * median)
    expect(Math.max(...values)).toBeLessThan(1.25 * median)
    expect(Math.max(...values) / Math.min(...values)).toBeGreaterThan(1.1) // it does move
  })
})

describe('price model: cabins, distance and stops', () => {
  it('orders cabins economy < premium economy < business < first for the same flight, whatever the noise', () => {
    for (const key of FLIGHTS) {
      for (const at of [NOW, new Date(NOW.getTime() + 5 * HOUR), new Date(NOW.getTime() + 9 * DAY)]) {
        const byCabin = ([1, 2, 3, 4] as Cabin[]).map((cabin) => adultFareUsd(fare({ cabin, now: at, noiseKey: `${key}|c${cabin}` })))
        expect(byCabin[0]).toBeLessThan(byCabin[1]!)
        expect(byCabin[1]).toBeLessThan(byCabin[2]!)
        expect(byCabin[2]).toBeLessThan(byCabin[3]!)
      }
    }
  })

  it('charges more for longer markets but less per km', () => {
    const distances = [150, 344, 1_000, 2_500, JFK_LHR_KM, 10_000, 16_000]
    const fares = distances.map(baseFareUsd)
    for (let i = 1; i < distances.length; i++) {
      expect(fares[i]).toBeGreaterThan(fares[i - 1]!)
      expect(fares[i]! / distances[i]!).toBeLessThan(fares[i - 1]! / distances[i - 1]!)
    }
  })

  it('puts the documented anchors near LHR–CDG $95, JFK–LHR $535 and JFK–SYD $1,190', () => {
    expect(baseFareUsd(344)).toBeCloseTo(95, -1)
    expect(Math.abs(baseFareUsd(JFK_LHR_KM) - 535)).toBeLessThan(15)
    expect(Math.abs(baseFareUsd(16_000) - 1_190)).toBeLessThan(30)
  })

  it('makes a long-haul fare dearer than a short one for the same flight key and moment', () => {
    for (const key of FLIGHTS.slice(0, 20)) {
      expect(adultFareUsd(fare({ distanceKm: 344, noiseKey: key }))).toBeLessThan(adultFareUsd(fare({ distanceKm: JFK_LHR_KM, noiseKey: key })))
    }
  })

  it('sells connections cheaper than nonstops', () => {
    expect(stopsFactor(0)).toBeGreaterThan(stopsFactor(1))
    expect(stopsFactor(1)).toBeGreaterThan(stopsFactor(2))
    expect(stopsFactor(3)).toBe(stopsFactor(2))
  })
})

describe('price model: booking curve and calendar', () => {
  it('counts whole days from the UTC date of "now" to the travel date', () => {
    expect(daysToDeparture('2026-11-02', new Date('2026-11-02T23:59:00Z'))).toBe(0)
    expect(daysToDeparture('2026-12-07', NOW)).toBe(35)
    expect(daysToDeparture('2026-11-01', NOW)).toBe(-1)
  })

  it('counts from the local date at the origin airport when given its time zone', () => {
    const lateInNewYork = new Date('2026-11-03T02:00:00Z') // 21:00 on 2 Nov (EST)
    expect(daysToDeparture('2026-11-02', lateInNewYork, 'America/New_York')).toBe(0)
    expect(daysToDeparture('2026-11-03', lateInNewYork, 'America/New_York')).toBe(1)
    expect(daysToDeparture('2026-11-02', lateInNewYork)).toBe(-1) // the UTC date is already the 3rd
    const morningInSydney = new Date('2026-11-02T20:00:00Z') // 07:00 on 3 Nov (AEDT)
    expect(daysToDeparture('2026-11-03', morningInSydney, 'Australia/Sydney')).toBe(0)
    expect(daysToDeparture('2026-11-02', morningInSydney, 'Australia/Sydney')).toBe(-1)
    expect(daysToDeparture('2026-11-03', morningInSydney)).toBe(1)
  })

  it('applies the booking curve by the origin’s local date: late evening in New York, 3 Nov is a day ahead', () => {
    const tomorrow = fare({ travelDate: '2026-11-03', noise: false })
    const lateEvening = adultFareUsd({ ...tomorrow, now: new Date('2026-11-03T02:00:00Z') }) // 21:00 on 2 Nov (EST)
    const sameDay = adultFareUsd({ ...tomorrow, now: new Date('2026-11-03T14:00:00Z') }) // 09:00 on 3 Nov
    expect(lateEvening / sameDay).toBeCloseTo(bookingCurve(1) / bookingCurve(0), 10)
  })

  it('makes the last weeks steeply dearer and is cheapest about 3–8 weeks out', () => {
    const days = [0, 3, 7, 14, 21, 35]
    for (let i = 1; i < days.length; i++) expect(bookingCurve(days[i]!)).toBeLessThan(bookingCurve(days[i - 1]!))
    const curve = Array.from({ length: 331 }, (_, d) => bookingCurve(d))
    const cheapestDay = curve.indexOf(Math.min(...curve))
    expect(cheapestDay).toBeGreaterThanOrEqual(21)
    expect(cheapestDay).toBeLessThanOrEqual(56)
    expect(bookingCurve(0) / bookingCurve(35)).toBeGreaterThan(1.8)
    expect(bookingCurve(300)).toBeGreaterThan(bookingCurve(35)) // booking a year out is not the cheapest either
    expect(bookingCurve(-3)).toBe(bookingCurve(0))
  })

  it('prices a flight bought last minute or a week out above the same flight bought 5 weeks out', () => {
    const travel = Date.parse('2026-12-09T00:00:00Z')
    for (const key of FLIGHTS) {
      const at = (daysBefore: number) => adultFareUsd(fare({ noiseKey: key, now: new Date(travel - daysBefore * DAY + 8 * HOUR) }))
      expect(at(0)).toBeGreaterThan(at(35))
      expect(at(7)).toBeGreaterThan(at(35))
    }
  })

  it('makes mid-week departures cheaper than Fridays and Sundays', () => {
    // 2026-12-08 is a Tuesday.
    const tue = weekdayFactor('2026-12-08')
    const wed = weekdayFactor('2026-12-09')
    expect(tue).toBeLessThan(weekdayFactor('2026-12-11')) // Friday
    expect(wed).toBeLessThan(weekdayFactor('2026-12-13')) // Sunday
  })

  it('makes summer and the Christmas week high season', () => {
    expect(seasonFactor('2026-07-15')).toBeGreaterThan(seasonFactor('2026-02-15'))
    expect(seasonFactor('2026-12-22')).toBeGreaterThan(seasonFactor('2026-12-08'))
    expect(seasonFactor('2026-12-22')).toBeGreaterThan(seasonFactor('2026-07-15'))
  })
})

describe('price model: passenger mix', () => {
  const party = (p: Partial<Parameters<typeof passengerMultiplier>[0]>) =>
    passengerMultiplier({ adults: 0, children: 0, infantsInSeat: 0, infantsOnLap: 0, ...p })

  it('counts one adult as one fare and scales with the number of adults', () => {
    expect(party({ adults: 1 })).toBe(1)
    expect(party({ adults: 3 })).toBe(3)
  })

  it('charges a lap infant about a tenth of an adult', () => {
    expect(party({ adults: 1, infantsOnLap: 1 }) - party({ adults: 1 })).toBeCloseTo(0.1)
  })

  it('charges children and infants in a seat less than adults but far more than lap infants', () => {
    const child = party({ children: 1 })
    const seatInfant = party({ infantsInSeat: 1 })
    expect(child).toBeLessThan(1)
    expect(seatInfant).toBeLessThan(1)
    expect(child).toBeGreaterThan(party({ infantsOnLap: 1 }) * 5)
    expect(seatInfant).toBeGreaterThan(party({ infantsOnLap: 1 }) * 5)
    expect(party({ adults: 2, children: 2 })).toBeCloseTo(3.5)
  })
})

/**
 * The fare model's optimised pieces (tables, caches, incremental hashing, the noise's memory of its
 * last hour and day) against the plain versions they replaced: a fare that moved by a cent would
 * change the market's answers.
 */
describe('price model: the same numbers as the plain model', () => {
  const rand = mulberry32(21)
  const ZONES = ['America/New_York', 'Europe/London', 'Asia/Kolkata', 'America/St_Johns', 'Pacific/Chatham', 'Australia/Sydney', 'America/Santiago', 'UTC']
  const randomDate = () => new Date(Date.parse('2026-01-01T00:00:00Z') + Math.floor(rand() * 700) * DAY).toISOString().slice(0, 10)

  it('booking curve, for whole, fractional, negative, huge and invalid day counts', () => {
    const days = [-0, -1, -400, 0.5, 13.25, 329.9, 330, 331, 5_000, NaN, Infinity, -Infinity, ...Array.from({ length: 400 }, (_, d) => d)]
    expect(days.map(bookingCurve)).toEqual(days.map(referenceBookingCurve))
  })

  it('weekday and season factors, for real, impossible and malformed dates', () => {
    const dates = ['2026-02-31', '2026-12-19', '2026-12-18', '0050-06-01', '2026-1-5', 'garbage', '', ...Array.from({ length: 800 }, randomDate)]
    expect(dates.map(weekdayFactor)).toEqual(dates.map(referenceWeekdayFactor))
    expect(dates.map(seasonFactor)).toEqual(dates.map(referenceSeasonFactor))
  })

  it('days to departure in zones with odd offsets', () => {
    const cases = Array.from({ length: 2_000 }, () => [randomDate(), new Date(NOW.getTime() + Math.floor((rand() - 0.3) * 400 * DAY)), ZONES[Math.floor(rand() * ZONES.length)]!] as const)
    expect(cases.map(([date, now, zone]) => daysToDeparture(date, now, zone))).toEqual(cases.map(([date, now, zone]) => referenceDaysToDeparture(date, now, zone)))
  })

  it('market noise, at random moments and walked the way insights walk it', () => {
    for (const key of FLIGHTS.slice(0, 20)) {
      const noise = new FareNoise(key)
      // Random hours, the same hour again, 60 days back day by day, then hour by hour.
      const moments = Array.from({ length: 50 }, () => NOW.getTime() + Math.floor((rand() - 0.5) * 300 * DAY))
      moments.push(NOW.getTime(), NOW.getTime() + 60_000, NOW.getTime())
      for (let k = 59; k >= 0; k--) moments.push(NOW.getTime() - k * DAY)
      for (let h = 0; h < 30; h++) moments.push(NOW.getTime() + h * HOUR)
      const expected = moments.map((at) => referenceMarketNoise(key, new Date(at)))
      expect(moments.map((at) => noise.at(at)), key).toEqual(expected)
      expect(moments.map((at) => marketNoise(key, new Date(at))), key).toEqual(expected)
    }
  })

  it('adult fares, with and without noise, for any cabin, distance, stops and carrier', () => {
    const inputs = Array.from(
      { length: 3_000 },
      (): FareInput => ({
        distanceKm: Math.floor(rand() * 16_000),
        cabin: (1 + Math.floor(rand() * 4)) as Cabin,
        stops: Math.floor(rand() * 3),
        carrier: 0.6 + rand() * 0.6,
        travelDate: randomDate(),
        originTimeZone: ZONES[Math.floor(rand() * ZONES.length)]!,
        now: new Date(NOW.getTime() + Math.floor((rand() - 0.3) * 300 * DAY)),
        noiseKey: `${FLIGHTS[Math.floor(rand() * FLIGHTS.length)]!}|c1`,
        noise: rand() < 0.8,
      }),
    )
    expect(inputs.map(adultFareUsd)).toEqual(inputs.map(referenceAdultFareUsd))
  })
})
