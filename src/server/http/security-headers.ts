import { NONCE, secureHeaders } from 'hono/secure-headers'

/**
 * Strict headers for every response. Scripts and style elements need the per-response nonce
 * (the HTML handler writes it into index.html), so injected markup cannot run or restyle the page.
 */
export function securityHeaders(options: { httpsOnly: boolean }) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE],
      styleSrc: ["'self'", NONCE],
      imgSrc: ["'self'", 'data:', 'https://www.gstatic.com'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      // Booking hands the traveller to the seller by form POST (SerpApi booking_request), then redirects.
      formAction: ["'self'", 'https:'],
      ...(options.httpsOnly ? { upgradeInsecureRequests: [] } : {}),
    },
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
    // A handler that sets its own policy keeps it (the local mailbox's email preview frame).
    overwrite: false,
  })
}
