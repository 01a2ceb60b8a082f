import { SECOND_FACTOR_PAGE } from './second-factor-everywhere.ts'

/** What the app is told when a link it opened (magic link, email verification) failed without saying why. */
export const LINK_FAILED_MESSAGE = 'This link is invalid or has expired. Please ask for a new one.'

/**
 * The native app opens the links of our emails inside itself and calls their endpoint with fetch
 * (decision 036): a magic link (`GET /api/auth/magic-link/verify?token=…`) or an email
 * verification (`GET /api/auth/verify-email?token=…`), without a callbackURL, so a success is
 * JSON and `set-auth-token`. The redirects better-auth and our second-factor step still answer
 * are for a browser; the app gets them as JSON instead:
 * - to the sign-in page's code step (an account with two-factor on): `{ twoFactorRedirect: true }`,
 *   as a password sign-in answers, with the challenge (see two-factor-challenge.ts);
 * - to a page with `?error=`: a 400 with that code as the reason (our error shape, auth-answers.ts);
 * - to another page of ours (the link's callbackURL): `{ status: true, url }`, so the app can open
 *   the link exactly as emailed. A redirect off our site is left alone (the redirect guard's).
 */
export function linkAnswerForApp(response: Response, publicUrl: string): Response {
  if (response.status < 300 || response.status >= 400) return response
  const location = response.headers.get('location')
  if (!location) return response
  const target = new URL(location, publicUrl)
  const headers = new Headers(response.headers)
  headers.delete('location')
  headers.delete('content-length')
  headers.set('content-type', 'application/json')
  if (target.origin === new URL(publicUrl).origin && `${target.pathname}${target.search}` === SECOND_FACTOR_PAGE) {
    return new Response(JSON.stringify({ twoFactorRedirect: true }), { status: 200, headers })
  }
  const error = target.searchParams.get('error')
  // A success on our own site (the link's callbackURL, the home page by default): the session is
  // in `set-auth-token`; the app may show that page itself.
  if (error === null) {
    if (target.origin !== new URL(publicUrl).origin) return response
    return new Response(JSON.stringify({ status: true, url: `${target.pathname}${target.search}` }), { status: 200, headers })
  }
  const message = target.searchParams.get('error_description') || LINK_FAILED_MESSAGE
  // The library's shape ({ code, message }); inOurContract turns it into ours with `reason: code`.
  return new Response(JSON.stringify({ code: error.slice(0, 100), message: message.slice(0, 300) }), { status: 400, headers })
}
