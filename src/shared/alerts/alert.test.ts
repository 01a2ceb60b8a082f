import { describe, expect, it } from 'vitest'
import {
  alertListQuerySchema,
  createAlertSchema,
  DEFAULT_CHECK_FREQUENCY,
  DEFAULT_NOTIFICATION_CHANNELS,
  isAlertEditable,
  isAlertExpired,
  updateAlertSchema,
  type CreateAlertInput,
} from './alert.ts'

const ROUTE: CreateAlertInput = {
  name: 'JFK → LAX Route Alert',
  alertType: 'route',
  target_price: 300,
  search_parameters: { type: 2, departure_id: 'JFK', arrival_id: 'LAX', outbound_date: '2027-03-01' },
}
const FLIGHT = {
  marketing_airline: 'aa',
  marketing_flight_number: '100',
  departure_airport_id: 'JFK',
  arrival_airport_id: 'LAX',
  departure_local_time: '2027-03-01T08:00',
  arrival_local_time: '2027-03-01T11:30',
}

const issues = (input: unknown) => {
  const result = createAlertSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map(({ path, message }) => ({ path, message }))
}
const updateIssues = (input: unknown) => {
  const result = updateAlertSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map(({ path, message }) => ({ path, message }))
}

describe('createAlertSchema', () => {
  it('defaults to email on, SMS, WhatsApp and push off, checked every 15 days', () => {
    const alert = createAlertSchema.parse(ROUTE)
    expect(alert.notification_channels).toEqual({ email: true, sms: false, whatsapp: false, push: false })
    expect(alert.check_frequency).toBe('15d')
    expect(DEFAULT_NOTIFICATION_CHANNELS).toEqual({ email: true, sms: false, whatsapp: false, push: false })
    expect(DEFAULT_CHECK_FREQUENCY).toBe('15d')
  })

  it('fills missing channels with their defaults', () => {
    expect(createAlertSchema.parse({ ...ROUTE, notification_channels: { whatsapp: true } }).notification_channels).toEqual({
      email: true,
      sms: false,
      whatsapp: true,
      push: false,
    })
  })

  it('validates and fills the search parameters', () => {
    expect(createAlertSchema.parse(ROUTE).search_parameters).toMatchObject({ type: 2, adults: 1, children: 0, currency: 'USD', hl: 'en', gl: 'us' })
    expect(issues({ ...ROUTE, search_parameters: { ...ROUTE.search_parameters, adults: 5, children: 5 } })).toEqual([
      { path: ['search_parameters', 'adults'], message: 'Total passengers cannot exceed 9' },
    ])
  })

  it('needs at least one notification channel', () => {
    expect(issues({ ...ROUTE, notification_channels: { email: false, sms: false, whatsapp: false, push: false } })).toEqual([
      { path: ['notification_channels'], message: 'Choose at least one way to be notified' },
    ])
  })

  it('needs the tracked flights for a flight alert', () => {
    const message = 'A flight alert needs the flight to track'
    expect(issues({ ...ROUTE, alertType: 'flight' })).toEqual([{ path: ['trackedFlights'], message }])
    expect(issues({ ...ROUTE, alertType: 'flight', trackedFlights: [] })).toEqual([{ path: ['trackedFlights'], message }])
    const parsed = createAlertSchema.parse({ ...ROUTE, alertType: 'flight', trackedFlights: [FLIGHT] })
    expect(parsed.trackedFlights?.[0]?.marketing_airline).toBe('AA')
  })

  it('needs a name and a positive target price, accepting a numeric string', () => {
    expect(issues({ ...ROUTE, name: '   ' })).toEqual([{ path: ['name'], message: 'Give the alert a name' }])
    expect(issues({ ...ROUTE, target_price: 0 })).toEqual([{ path: ['target_price'], message: 'Target price must be a positive amount' }])
    expect(createAlertSchema.parse({ ...ROUTE, target_price: '249.5' }).target_price).toBe(249.5)
  })

  it('accepts named and custom frequencies from 15 minutes to 30 days, but not "10m" or "31d"', () => {
    expect(createAlertSchema.parse({ ...ROUTE, check_frequency: '1h' }).check_frequency).toBe('1h')
    expect(createAlertSchema.parse({ ...ROUTE, check_frequency: '3h' }).check_frequency).toBe('3h')
    expect(createAlertSchema.parse({ ...ROUTE, check_frequency: '30m' }).check_frequency).toBe('30m')
    expect(issues({ ...ROUTE, check_frequency: '10m' })).toEqual([{ path: ['check_frequency'], message: 'Choose how often to check' }])
    expect(issues({ ...ROUTE, check_frequency: '31d' })).toEqual([{ path: ['check_frequency'], message: 'Choose how often to check' }])
  })
})

describe('updateAlertSchema', () => {
  it('refuses an empty patch', () => {
    expect(updateIssues({})).toEqual([{ path: [], message: 'Nothing to update' }])
  })

  it.each(['active', 'paused'])('lets the user set the status %s', (status) => {
    expect(updateAlertSchema.parse({ status })).toEqual({ status })
  })

  it.each(['triggered', 'at_risk', 'archived_not_found', 'disabled', 'expired'])('refuses the status %s', (status) => {
    expect(updateIssues({ status }).map((issue) => issue.path)).toEqual([['status']])
  })

  it('accepts a partial edit and still needs one channel', () => {
    expect(updateAlertSchema.parse({ target_price: '250', name: ' Cheaper ' })).toEqual({ target_price: 250, name: 'Cheaper' })
    expect(updateIssues({ notification_channels: { email: false } })).toEqual([
      { path: ['notification_channels'], message: 'Choose at least one way to be notified' },
    ])
  })
})

describe('alert list filters', () => {
  it('default to active alerts, newest first', () => {
    expect(alertListQuerySchema.parse({})).toEqual({ status: 'active', alertType: 'all', sortBy: 'created_at', sortOrder: 'desc', q: '' })
  })
})

describe('expiry and editability', () => {
  const TODAY = '2027-03-01'

  it('expires an alert once its departure date is in the past', () => {
    expect(isAlertExpired({ departure_date: '2027-02-28' }, TODAY)).toBe(true)
    expect(isAlertExpired({ departure_date: '2027-03-01' }, TODAY)).toBe(false)
    expect(isAlertExpired({ departure_date: '2027-04-01' }, TODAY)).toBe(false)
    expect(isAlertExpired({ departure_date: null }, TODAY)).toBe(false)
  })

  it('lets an alert be edited unless it is expired or disabled', () => {
    expect(isAlertEditable({ status: 'active', departure_date: '2027-04-01' }, TODAY)).toBe(true)
    expect(isAlertEditable({ status: 'paused', departure_date: '2027-04-01' }, TODAY)).toBe(true)
    expect(isAlertEditable({ status: 'triggered', departure_date: TODAY }, TODAY)).toBe(true)
    expect(isAlertEditable({ status: 'disabled', departure_date: '2027-04-01' }, TODAY)).toBe(false)
    expect(isAlertEditable({ status: 'expired', departure_date: '2027-04-01' }, TODAY)).toBe(false)
    expect(isAlertEditable({ status: 'active', departure_date: '2027-02-01' }, TODAY)).toBe(false)
  })
})
