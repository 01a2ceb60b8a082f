import { vi } from 'vitest'

/** One call the component under test made. */
export interface ApiCall {
  method: string
  url: string
  body: unknown
  headers: Headers
}

export type Answer = Response | Promise<Response> | undefined

/**
 * Stubs `fetch` with `route`, recording every call; a call `route` leaves unanswered gets the
 * API's 404 body. The one fake API of the component tests (each feature adds its own routes).
 */
export function stubApi(route: (call: ApiCall) => Answer | Promise<Answer>) {
  const calls: ApiCall[] = []
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url
    const method = init?.method ?? 'GET'
    const call = { method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined, headers: new Headers(init?.headers) }
    calls.push(call)
    return (await route(call)) ?? Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { calls, fetchMock, made: (method: string, prefix: string) => calls.filter((c) => c.method === method && c.url.startsWith(prefix)) }
}
