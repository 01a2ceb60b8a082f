/** Common Google Flights regions (gl), languages (hl) and currencies; any other valid code from a URL is kept and listed too. */
export const REGIONS: Array<[string, string]> = [
  ['us', 'United States'],
  ['gb', 'United Kingdom'],
  ['ca', 'Canada'],
  ['au', 'Australia'],
  ['nz', 'New Zealand'],
  ['ie', 'Ireland'],
  ['de', 'Germany'],
  ['fr', 'France'],
  ['es', 'Spain'],
  ['it', 'Italy'],
  ['nl', 'Netherlands'],
  ['ch', 'Switzerland'],
  ['se', 'Sweden'],
  ['no', 'Norway'],
  ['dk', 'Denmark'],
  ['pl', 'Poland'],
  ['pt', 'Portugal'],
  ['in', 'India'],
  ['jp', 'Japan'],
  ['kr', 'South Korea'],
  ['sg', 'Singapore'],
  ['hk', 'Hong Kong'],
  ['ae', 'United Arab Emirates'],
  ['br', 'Brazil'],
  ['mx', 'Mexico'],
  ['za', 'South Africa'],
]

export const LANGUAGES: Array<[string, string]> = [
  ['en', 'English'],
  ['de', 'Deutsch'],
  ['es', 'Español'],
  ['fr', 'Français'],
  ['it', 'Italiano'],
  ['nl', 'Nederlands'],
  ['pt', 'Português'],
  ['pl', 'Polski'],
  ['sv', 'Svenska'],
  ['ja', '日本語'],
  ['ko', '한국어'],
  ['zh', '中文'],
  ['hi', 'हिन्दी'],
  ['ar', 'العربية'],
]

export const CURRENCIES: Array<[string, string]> = [
  ['USD', 'US dollar'],
  ['EUR', 'Euro'],
  ['GBP', 'British pound'],
  ['CAD', 'Canadian dollar'],
  ['AUD', 'Australian dollar'],
  ['NZD', 'New Zealand dollar'],
  ['CHF', 'Swiss franc'],
  ['SEK', 'Swedish krona'],
  ['NOK', 'Norwegian krone'],
  ['DKK', 'Danish krone'],
  ['PLN', 'Polish złoty'],
  ['INR', 'Indian rupee'],
  ['JPY', 'Japanese yen'],
  ['KRW', 'South Korean won'],
  ['SGD', 'Singapore dollar'],
  ['HKD', 'Hong Kong dollar'],
  ['AED', 'UAE dirham'],
  ['BRL', 'Brazilian real'],
  ['MXN', 'Mexican peso'],
  ['ZAR', 'South African rand'],
]

/** The list, plus the current value if it is a valid code the list lacks (it came from a URL). */
export function withCurrent(options: Array<[string, string]>, current: string): Array<[string, string]> {
  return options.some(([code]) => code === current) ? options : [...options, [current, current.toUpperCase()]]
}
