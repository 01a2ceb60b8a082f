/**
 * The origin of the FareDrop server the app talks to, fixed when the app is built
 * (`VITE_API_ORIGIN=https://faredrop.app npm run cap:sync`). The app's own pages come from its
 * bundle (capacitor://localhost, https://localhost), so relative /api calls would reach nothing.
 * https:// only, except plain http:// for a development server on a private address (the Android
 * emulator reaches the host's `npm run dev` at 10.0.2.2). Null: missing or unusable.
 */
export function parseApiOrigin(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null
  if (url.protocol === 'https:') return url.origin
  return url.protocol === 'http:' && isDevelopmentHost(url.hostname) ? url.origin : null
}

const PRIVATE_IPV4 = /^(10\.\d+|127\.\d+|192\.168|172\.(1[6-9]|2\d|3[01]))\.\d+\.\d+$/

function isDevelopmentHost(hostname: string): boolean {
  return hostname === 'localhost' || PRIVATE_IPV4.test(hostname)
}
