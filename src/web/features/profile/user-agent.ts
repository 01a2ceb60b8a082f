/** What a session's user agent says about the device, in words a person recognises. */
export interface DeviceSummary {
  /** e.g. 'Chrome on macOS', 'Safari on iPhone', 'Unknown device' */
  label: string
  kind: 'desktop' | 'mobile' | 'tablet' | 'unknown'
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrom(?:e|ium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
  [/\bHeadlessChrome\//, 'Chrome'],
]

const SYSTEMS: [RegExp, string, DeviceSummary['kind']][] = [
  [/\biPad\b/, 'iPad', 'tablet'],
  [/\biPhone\b/, 'iPhone', 'mobile'],
  [/\bAndroid\b.*\bMobile\b/, 'Android', 'mobile'],
  [/\bAndroid\b/, 'Android tablet', 'tablet'],
  [/\bCrOS\b/, 'ChromeOS', 'desktop'],
  [/\bWindows\b/, 'Windows', 'desktop'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS', 'desktop'],
  [/\bLinux\b/, 'Linux', 'desktop'],
]

export function summarizeUserAgent(userAgent: string | null | undefined): DeviceSummary {
  const ua = userAgent?.trim() ?? ''
  if (!ua) return { label: 'Unknown device', kind: 'unknown' }
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1]
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))
  if (browser && system) return { label: `${browser} on ${system[1]}`, kind: system[2] }
  if (browser) return { label: browser, kind: 'unknown' }
  if (system) return { label: system[1], kind: system[2] }
  // Not a browser we know (an API client, a script): its first product token is the most telling part.
  const product = ua.split(/[\s/]/)[0]
  return { label: product || 'Unknown device', kind: 'unknown' }
}
