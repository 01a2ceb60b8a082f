/** The security challenge in front of sign-in, sign-up, magic link and password recovery. */

export const CAPTCHA_REQUIRED = 'Please complete the CAPTCHA verification.'
export const CAPTCHA_FAILED = 'CAPTCHA verification failed. Please try again.'
export const CAPTCHA_EXPIRED = 'CAPTCHA expired. Please verify again.'

/** How long the browser waits before fetching a fresh challenge after one failed or expired. */
export const CAPTCHA_RETRY_INTERVAL_MS = 8000

/** Request header that carries the solved challenge (ALTCHA payload or provider token). */
export const CAPTCHA_HEADER = 'x-captcha-response'

export type CaptchaProvider = 'altcha' | 'turnstile' | 'hcaptcha' | 'none'

/** What `GET /api/captcha/config` tells the browser; the site key only for Turnstile and hCaptcha. */
export interface CaptchaPublicConfig {
  provider: CaptchaProvider
  siteKey?: string
}
