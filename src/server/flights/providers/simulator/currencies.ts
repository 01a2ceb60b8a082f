/**
 * Fixed exchange rates for the simulated market: units of each currency per US dollar.
 * ILLUSTRATIVE ONLY (rounded, roughly late-2026 levels); the simulator prices in USD and converts,
 * and nothing here is meant to track real markets. A currency not in the table gets USD figures
 * under its own code, which keeps any 3-letter code the API accepts working offline.
 */
export const USD_RATES: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  CAD: 1.37,
  AUD: 1.52,
  NZD: 1.65,
  JPY: 150,
  INR: 84,
  CHF: 0.88,
  CNY: 7.2,
  HKD: 7.8,
  SGD: 1.34,
  KRW: 1350,
  SEK: 10.5,
  NOK: 10.7,
  DKK: 6.9,
  PLN: 4,
  MXN: 18,
  BRL: 5.4,
  ZAR: 18.5,
  AED: 3.67,
  THB: 35,
}

export function usdRate(currency: string): number {
  return USD_RATES[currency.toUpperCase()] ?? 1
}

/** A USD amount in whole units of the currency, as Google Flights shows prices. */
export function fromUsd(usd: number, currency: string): number {
  return Math.max(1, Math.round(usd * usdRate(currency)))
}

/** Where an airline sells in its own currency (booking options' local_prices). */
const COUNTRY_CURRENCY: Readonly<Record<string, string>> = {
  US: 'USD',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  JP: 'JPY',
  IN: 'INR',
  CH: 'CHF',
  CN: 'CNY',
  HK: 'HKD',
  SG: 'SGD',
  KR: 'KRW',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
  MX: 'MXN',
  BR: 'BRL',
  ZA: 'ZAR',
  AE: 'AED',
  TH: 'THB',
  FR: 'EUR',
  DE: 'EUR',
  NL: 'EUR',
  BE: 'EUR',
  AT: 'EUR',
  IE: 'EUR',
  IT: 'EUR',
  ES: 'EUR',
  PT: 'EUR',
  FI: 'EUR',
  GR: 'EUR',
  LV: 'EUR',
  HR: 'EUR',
}

export function countryCurrency(countryCode: string): string | undefined {
  return COUNTRY_CURRENCY[countryCode.toUpperCase()]
}
