import { z } from 'zod'
import { formatPrice } from '../format.ts'
import type { BaggagePrices, BookingOption } from './model.ts'

/**
 * Bag-inclusive alerts (issue 17): the target applies to the fare plus the bags the traveller
 * chose, priced from a booking answer's baggage lines. The lines are free text; the shapes read
 * here are the ones seen: SerpApi's "1 free carry-on", "1st checked bag: 35 USD" and the same with
 * no currency ("1st checked bag: 45", in the search's currency), the simulated market's
 * "1st carry-on bag: 30 USD", "2nd checked bag: 45 EUR", "2 free checked bags", and the fare
 * features' "1 free checked bag", "Carry-on bag included". Anything else is kept as unreadable.
 *
 * Never a guess: a bag whose fee no line states, two lines that disagree, or a fee in another
 * currency than the fare's, makes the total unknown rather than a number that might be wrong.
 *
 * Fees are per passenger and per direction flown, as airlines charge them: a one-ticket round
 * trip's lines are charged out and back, separate tickets' departing and returning lines each once.
 */

export const BAG_KINDS = ['carry_on', 'checked'] as const
export type BagKind = (typeof BAG_KINDS)[number]

export const BAG_MESSAGES = {
  carryOn: 'Choose no carry-on bag or one',
  checked: 'Choose 0, 1 or 2 checked bags',
  routeOnly: 'Bags are priced for route alerts: a flight alert follows its own fare',
} as const

/** The bags an alert's price includes, per passenger. */
export const alertBagsSchema = z.object({
  carry_on: z.coerce.number({ message: BAG_MESSAGES.carryOn }).int(BAG_MESSAGES.carryOn).min(0, BAG_MESSAGES.carryOn).max(1, BAG_MESSAGES.carryOn).default(0),
  checked: z.coerce.number({ message: BAG_MESSAGES.checked }).int(BAG_MESSAGES.checked).min(0, BAG_MESSAGES.checked).max(2, BAG_MESSAGES.checked).default(0),
})
export type AlertBags = z.infer<typeof alertBagsSchema>
export const NO_BAGS: AlertBags = { carry_on: 0, checked: 0 }

/** One bag's fee: `currency` null means the search's own currency (SerpApi leaves it out); free is 0 in any currency. */
export interface BagFee {
  amount: number
  currency: string | null
}

/** One direction's fees, by "carry_on:1", "checked:2" …; 'conflict' where two lines disagree. */
export interface BagFeeSchedule {
  fees: Record<string, BagFee | 'conflict'>
  unreadable: string[]
}

/** The fees of each direction flown, each charged: one for one way, two for a round trip. */
export interface BagFeeTable {
  directions: BagFeeSchedule[]
}

/** Lines longer than this, or more lines than MAX_LINES, are not read: no real baggage line comes near. */
const MAX_LINE_LENGTH = 120
const MAX_LINES = 50
/** Amounts up to nine digits: enough for any currency's bag fee (VND, IDR), and never a float beyond exact cents. */
const AMOUNT = String.raw`(\d{1,3}(?:,\d{3}){1,2}|\d{1,9})(?:\.(\d{1,2}))?`
const ORDINALS: Record<string, number> = { '1st': 1, first: 1, '2nd': 2, second: 2, '3rd': 3, third: 3 }
const KIND = String.raw`(carry-?ons?|carry-?on bags?|checked bags?)`
const FREE_COUNT = new RegExp(String.raw`^(\d) free ${KIND}$`, 'i')
const PRICED = new RegExp(String.raw`^(?:(1st|2nd|3rd|first|second|third) )?(carry-?on|checked)(?: bag)?: (?:(free)|${AMOUNT}(?: ([a-z]{3}))?)$`, 'i')
const INCLUDED = /^(carry-?on bag|checked bag) included$/i
// Control characters (NUL and friends) are never stripped into a different number: the line is refused.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

const kindOf = (word: string): BagKind => (word.toLowerCase().startsWith('carry') ? 'carry_on' : 'checked')
const FREE: BagFee = { amount: 0, currency: null }

/** What one line says, or null when it is not a shape this reads. */
export function parseBagFeeLine(line: string): Array<{ kind: BagKind; ordinal: number; fee: BagFee }> | null {
  if (line.length > MAX_LINE_LENGTH || CONTROL.test(line)) return null
  const text = line.trim().replace(/\s+/g, ' ')
  const free = FREE_COUNT.exec(text)
  if (free) return Array.from({ length: Number(free[1]) }, (_, i) => ({ kind: kindOf(free[2]!), ordinal: i + 1, fee: FREE }))
  const included = INCLUDED.exec(text)
  if (included) return [{ kind: kindOf(included[1]!), ordinal: 1, fee: FREE }]
  const priced = PRICED.exec(text)
  if (!priced) return null
  const [, ordinalWord, kindWord, freeWord, whole, cents, currency] = priced
  const ordinal = ordinalWord ? ORDINALS[ordinalWord.toLowerCase()]! : 1
  if (freeWord) return [{ kind: kindOf(kindWord!), ordinal, fee: FREE }]
  const amount = Number(whole!.replace(/,/g, '')) + (cents ? Number(cents.padEnd(2, '0')) / 100 : 0)
  return [{ kind: kindOf(kindWord!), ordinal, fee: { amount, currency: amount === 0 ? null : (currency?.toUpperCase() ?? null) } }]
}

const sameFee = (a: BagFee, b: BagFee) => a.amount === b.amount && (a.amount === 0 || a.currency === b.currency)

/** One list of baggage lines (a booking option's, or one direction's) read into fees. Non-strings count as unreadable. */
export function parseBagFees(lines: readonly unknown[] | undefined): BagFeeSchedule {
  const schedule: BagFeeSchedule = { fees: {}, unreadable: [] }
  for (const [index, line] of (lines ?? []).entries()) {
    const read = index < MAX_LINES && typeof line === 'string' ? parseBagFeeLine(line) : null
    if (read === null) {
      schedule.unreadable.push(typeof line === 'string' ? line.slice(0, MAX_LINE_LENGTH) : `(${typeof line})`)
      continue
    }
    for (const { kind, ordinal, fee } of read) {
      const key = `${kind}:${ordinal}`
      const before = schedule.fees[key]
      schedule.fees[key] = before === undefined ? fee : before !== 'conflict' && sameFee(before, fee) ? before : 'conflict'
    }
  }
  return schedule
}

/**
 * The fee table for a trip from baggage lines: a list is one ticket's; of SerpApi's
 * `{ together, departing, returning }`, `together` is one ticket for the whole trip, charged each
 * way, and `departing` + `returning` are separate tickets (chosen when `separateTickets`, or when
 * there is no `together`), each charged once. A direction without lines knows no fee.
 */
export function bagFeeTable(baggage: BaggagePrices | readonly unknown[] | undefined, trip: 'one_way' | 'round_trip', options: { separateTickets?: boolean } = {}): BagFeeTable {
  const prices: BaggagePrices = Array.isArray(baggage) ? { together: baggage as string[] } : ((baggage as BaggagePrices | undefined) ?? {})
  const separate = options.separateTickets ?? (prices.together === undefined && (prices.departing !== undefined || prices.returning !== undefined))
  if (separate) {
    return { directions: trip === 'one_way' ? [parseBagFees(prices.departing)] : [parseBagFees(prices.departing), parseBagFees(prices.returning)] }
  }
  const together = parseBagFees(prices.together)
  return { directions: trip === 'one_way' ? [together] : [together, together] }
}

/** A booking option's own table: its one ticket's lines, or its two separate tickets'. */
export function bagFeeTableForOption(option: BookingOption, trip: 'one_way' | 'round_trip'): BagFeeTable {
  if (option.separateTickets || (!option.together && (option.departing || option.returning))) {
    return bagFeeTable({ departing: option.departing?.baggage ?? [], returning: option.returning?.baggage ?? [] }, trip, { separateTickets: true })
  }
  return bagFeeTable(option.together?.baggage ?? [], trip)
}

export interface BagPrice {
  fare: number
  currency: string
  /** Fare plus bags, to the cent; null when any chosen bag's fee is unknown. */
  total: number | null
  /** Per kind chosen: bags per passenger, and what they cost for every passenger and direction (null: unknown). */
  bags: Array<{ kind: BagKind; count: number; price: number | null }>
  known: boolean
  passengers: number
  directions: number
}

const cents = (amount: number) => Math.round(amount * 100) / 100

/** One kind's fee for `count` bags in one direction, per passenger; null when any is unknown or in another currency. */
function directionFee(schedule: BagFeeSchedule, kind: BagKind, count: number, currency: string): number | null {
  let sum = 0
  for (let ordinal = 1; ordinal <= count; ordinal++) {
    const fee = schedule.fees[`${kind}:${ordinal}`]
    if (fee === undefined || fee === 'conflict') return null
    if (fee.amount > 0 && fee.currency !== null && fee.currency !== currency) return null
    sum += fee.amount
  }
  return sum
}

/**
 * The fare with the chosen bags for `passengers` travellers who may bring bags (adults, children,
 * infants in a seat). `fare.price` is the whole trip for all of them, in `fare.currency`; the fees
 * must come from the same search (so an unnamed currency is the fare's).
 */
export function priceWithBags(fare: { price: number; currency: string }, fees: BagFeeTable, bags: AlertBags, passengers: number): BagPrice {
  if (!Number.isInteger(passengers) || passengers < 1) throw new RangeError('passengers must be a whole number from 1')
  if (!Number.isFinite(fare.price) || fare.price < 0) throw new RangeError('fare must be a price')
  const currency = fare.currency.trim().toUpperCase()
  const chosen = BAG_KINDS.map((kind) => ({ kind, count: kind === 'carry_on' ? bags.carry_on : bags.checked })).filter(({ count }) => count > 0)
  const priced = chosen.map(({ kind, count }) => {
    const each = fees.directions.map((schedule) => directionFee(schedule, kind, count, currency))
    const known = fees.directions.length > 0 && each.every((fee) => fee !== null)
    return { kind, count, price: known ? cents(each.reduce<number>((sum, fee) => sum + fee!, 0) * passengers) : null }
  })
  const known = priced.every((bag) => bag.price !== null)
  const total = known ? cents(priced.reduce((sum, bag) => sum + bag.price!, fare.price)) : null
  return { fare: fare.price, currency, total, bags: priced, known, passengers, directions: fees.directions.length }
}

const BAG_NAMES: Record<BagKind, [string, string]> = { carry_on: ['carry-on bag', 'carry-on bags'], checked: ['checked bag', 'checked bags'] }

/** The breakdown for a notice: "$412 fare + $160 for 1 checked bag = $572", or "$412 fare; the fee for 1 checked bag is not known". */
export function bagPriceText(price: BagPrice): string {
  const money = (amount: number) => formatPrice(amount, price.currency)
  const named = (bag: BagPrice['bags'][number]) => `${bag.count} ${BAG_NAMES[bag.kind][bag.count === 1 ? 0 : 1]}`
  if (price.bags.length === 0) return `${money(price.fare)} fare, no bags`
  if (!price.known) {
    const unknown = price.bags.filter((bag) => bag.price === null).map(named)
    return `${money(price.fare)} fare; the fee for ${unknown.join(' and ')} is not known`
  }
  const each = price.bags.map((bag) => (bag.price === 0 ? `${named(bag)} free` : `${money(bag.price!)} for ${named(bag)}`))
  return `${money(price.fare)} fare + ${each.join(' + ')} = ${money(price.total!)}`
}
