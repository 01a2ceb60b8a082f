import { afterEach, describe, expect, it, vi } from 'vitest'
import { api, ApiError, apiPath } from './api-client.ts'

afterEach(() => vi.unstubAllGlobals())

/** Records what the client sends and answers with `body`. */
function stubFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  })
  return calls
}

describe('api', () => {
  it('fills path parameters encoded, so an id cannot reach another route', () => {
    expect(apiPath('GET /api/alerts/:id', { id: '../quota?x=1' })).toBe('/api/alerts/..%2Fquota%3Fx%3D1')
    expect(apiPath('POST /api/billing/local/portal/:id/switch', { id: 'p 1' })).toBe('/api/billing/local/portal/p%201/switch')
    expect(apiPath('GET /api/airports', {}, new URLSearchParams({ q: 'new york&x' }))).toBe('/api/airports?q=new+york%26x')
    expect(apiPath('GET /api/alerts', {}, '')).toBe('/api/alerts')
  })

  it("sends the route's method with JSON and answers the body", async () => {
    const calls = stubFetch(200, { alert: { id: 'a1' } })
    const body = await api('PATCH /api/alerts/:id', { params: { id: 'a1' }, json: { name: 'Trip' } })
    expect(body.alert.id).toBe('a1')
    expect(calls[0]!.url).toBe('/api/alerts/a1')
    expect(calls[0]!.init.method).toBe('PATCH')
    expect(calls[0]!.init.body).toBe('{"name":"Trip"}')
    expect(calls[0]!.init.credentials).toBe('same-origin')
  })

  it('turns an error body into an ApiError with its message and field errors', async () => {
    stubFetch(400, { error: { code: 'bad_request', message: 'Check the form.', fieldErrors: { name: ['Required'] } } })
    const error = await api('POST /api/alerts', { json: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 400, code: 'bad_request', message: 'Check the form.', fieldErrors: { name: ['Required'] } })
  })

  it("keeps the auth library's own code of a refusal, which screens tell apart", async () => {
    stubFetch(400, { error: { code: 'validation_failed', reason: 'INVALID_PASSWORD', message: 'Invalid password' } })
    const error = await api('POST /api/auth/delete-user', { json: { password: 'x' } }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 400, code: 'INVALID_PASSWORD', message: 'Invalid password' })
  })

  it('answers nothing for 204', async () => {
    stubFetch(204, null)
    await expect(api('DELETE /api/me/sessions/:id', { params: { id: 's1' } })).resolves.toBeUndefined()
  })
})
