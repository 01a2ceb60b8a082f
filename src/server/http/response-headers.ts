import type { Context } from 'hono'

/**
 * Sets a header on the response already made. Responses from fetch-style handlers (the auth
 * library's, `Response.redirect()`) can carry immutable headers; those are answered with a copy.
 * (Hono's `c.res` setter copies the old response's headers onto a new one, so the old one is let
 * go first, or the old value would come back.)
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value)
  } catch {
    const headers = new Headers(c.res.headers)
    headers.set(name, value)
    const copy = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers })
    c.res = undefined
    c.res = copy
  }
}

/** Changes several headers of the response already made at once (a copy when its headers are immutable, as above). */
export function editResponseHeaders(c: Context, edit: (headers: Headers) => void): void {
  try {
    edit(c.res.headers)
  } catch {
    const headers = new Headers(c.res.headers)
    edit(headers)
    const copy = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers })
    c.res = undefined
    c.res = copy
  }
}
