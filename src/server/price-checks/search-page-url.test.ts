import { describe, expect, it } from 'vitest'
import { alertSearchParamsSchema } from '#shared/alerts/alert-search-params.ts'
import { alertSearchUrl } from './search-page-url.ts'

// Expected strings are pinned: the search page reads this format (src/shared/flights/search-url.ts)
// for the same alerts: a notice's "Search now" must open exactly the search the page would link.
describe('alertSearchUrl', () => {
  it('writes the search page URL the web app writes, sorted by price', () => {
    const oneWay = alertSearchParamsSchema.parse({ type: 2, departure_id: 'JFK', arrival_id: 'LAX', outbound_date: '2027-03-01' })
    expect(alertSearchUrl('http://localhost:3000', oneWay)).toBe(
      'http://localhost:3000/search?trip=one-way&from=JFK&to=LAX&depart=2027-03-01&class=economy&adults=1&sort=2',
    )
    const everything = alertSearchParamsSchema.parse({
      type: 1,
      departure_id: 'JFK,EWR',
      arrival_id: 'LHR',
      outbound_date: '2027-03-01',
      return_date: '2027-03-08',
      adults: 2,
      children: 1,
      infants_on_lap: 1,
      travel_class: 3,
      stops: 1,
      outbound_times: '6,10',
      return_times: '14,20,0,12',
      layover_duration: '30,300',
      include_airlines: 'AA,DL',
      emissions: 1,
      max_price: 900,
      bags: 1,
      currency: 'EUR',
      gl: 'de',
      hl: 'de',
      max_duration: 600,
      exclude_conns: 'ORD',
      deep_search: false,
    })
    expect(alertSearchUrl('https://faredrop.example', everything)).toBe(
      'https://faredrop.example/search?trip=round-trip&from=JFK,EWR&to=LHR&depart=2027-03-01&return=2027-03-08&class=business&adults=2' +
        '&children=1&infants_lap=1&sort=2&stops=1&bags=1&max_price=900&include=AA,DL&out_times=6-10-0-23&ret_times=14-20-0-12&layover=5' +
        '&no_conn=ORD&less_emissions=1&max_duration=600&gl=de&hl=de&currency=EUR&deep_search=0',
    )
  })
})
