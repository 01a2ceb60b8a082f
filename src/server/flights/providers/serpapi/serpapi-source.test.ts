import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeSerpApi, type FakeSerpApi } from '#tests/fakes/serpapi-server.ts'
import { ProviderError } from '../provider.ts'
import { createSerpApiSource, parseRetryAfter, redactApiKey } from './serpapi-source.ts'
import { SERP_NO_RESULTS } from './serp-types.ts'

const API_KEY = 'sk-test/SECRET+key=42'

let fake: FakeSerpApi
beforeAll(async () => {
  fake = await startFakeSerpApi()
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

const source = (timeoutMs = 2_000) => createSerpApiSource({ apiKey: API_KEY, baseUrl: `${fake.url}/`, timeoutMs })

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(ProviderError)
  return err as ProviderError
}

/** The key must not be anywhere a log line could pick it up: message, stack or causes. */
function expectNoKey(err: Error) {
  const texts: string[] = []
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) texts.push(e.message, e.stack ?? '')
  for (const text of texts) {
    expect(text).not.toContain(API_KEY)
    expect(text).not.toContain(encodeURIComponent(API_KEY))
    expect(text).not.toContain('SECRET')
  }
}

describe('createSerpApiSource: the request', () => {
  it('GETs /search.json with engine, api_key and every query field as text', async () => {
    fake.respondWith({ fixture: 'one-way-lhr-jfk' })
    const answer = await source().fetch({ type: 2, departure_id: 'LHR', adults: 2, deep_search: false, show_hidden: true })
    expect(answer.best_flights).toHaveLength(2)
    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]?.path).toBe('/search.json')
    expect(fake.requests[0]?.params).toEqual({
      engine: 'google_flights',
      api_key: API_KEY,
      type: '2',
      departure_id: 'LHR',
      adults: '2',
      deep_search: 'false',
      show_hidden: 'true',
    })
  })

  it('never lets a query replace the engine or the key', async () => {
    fake.respondWith({ fixture: 'one-way-lhr-jfk' })
    await source().fetch({ engine: 'google', api_key: 'someone-else' })
    expect(fake.requests[0]?.params).toEqual({ engine: 'google_flights', api_key: API_KEY })
  })

  it('URL-encodes JSON and lists (multi_city_json, comma lists, kgmids)', async () => {
    fake.respondWith({ fixture: 'multi-city-leg1' })
    const legs = '[{"departure_id":"CDG,/m/05qtj","arrival_id":"NRT","date":"2026-12-14","times":"8,18"}]'
    await source().fetch({ type: 3, multi_city_json: legs })
    expect(fake.requests[0]?.params.multi_city_json).toBe(legs)
    expect(fake.requests[0]?.search).not.toContain('"')
  })
})

describe('createSerpApiSource: answers', () => {
  it('returns "no results" as an answer, not an error', async () => {
    fake.respondWith({ fixture: 'no-results' })
    const answer = await source().fetch({ type: 2 })
    expect(answer.error).toBe(SERP_NO_RESULTS)
  })

  it('200 with another error, or status Error, is upstream', async () => {
    fake.respondWith({ body: { search_metadata: { status: 'Success' }, error: 'Invalid departure_id.' }, times: 1 })
    fake.respondWith({ body: { search_metadata: { status: 'Error' } }, when: (r) => r.params.type === '1' })
    expect(await failure(source().fetch({ type: 2 }))).toMatchObject({ code: 'upstream', message: expect.stringContaining('Invalid departure_id') })
    expect((await failure(source().fetch({ type: 1 }))).code).toBe('upstream')
  })

  it('429 → rate_limited with Retry-After in ms (seconds or an HTTP date)', async () => {
    fake.respondWith({ status: 429, headers: { 'retry-after': '30' }, body: { error: 'Your searches per hour limit has been reached.' }, times: 1 })
    const err = await failure(source().fetch({ type: 2 }))
    expect(err).toMatchObject({ code: 'rate_limited', provider: 'serpapi', options: { status: 429, retryAfterMs: 30_000 } })
    expect(err.retryable).toBe(true)

    fake.respondWith({ status: 429, headers: { 'retry-after': new Date(Date.now() + 120_000).toUTCString() }, body: { error: 'slow down' } })
    const dated = await failure(source().fetch({ type: 2 }))
    expect(dated.options.retryAfterMs).toBeGreaterThan(100_000)
    expect(dated.options.retryAfterMs).toBeLessThanOrEqual(120_000)
  })

  it.each([
    [401, 'auth'],
    [403, 'auth'],
    [400, 'bad_request'],
    [404, 'bad_request'],
    [500, 'upstream'],
    [503, 'upstream'],
  ] as const)('HTTP %i → %s', async (status, code) => {
    fake.respondWith({ status, body: { error: `failure ${status}` } })
    const err = await failure(source().fetch({ type: 2 }))
    expect(err).toMatchObject({ code, options: { status } })
    expect(err.message).toContain(`HTTP ${status}: failure ${status}`)
    expect(err.options.retryAfterMs).toBeUndefined()
  })

  it('a 200 that is not JSON is upstream', async () => {
    fake.respondWith({ body: '<html>proxy error</html>' })
    expect((await failure(source().fetch({ type: 2 }))).code).toBe('upstream')
  })

  it('a server that is not there is upstream', async () => {
    const gone = await startFakeSerpApi()
    await gone.close()
    const err = await failure(createSerpApiSource({ apiKey: API_KEY, baseUrl: gone.url }).fetch({ type: 2 }))
    expect(err.code).toBe('upstream')
    expect(err.message).toMatch(/could not be reached/)
    expectNoKey(err)
  })
})

describe('createSerpApiSource: time limits', () => {
  it('gives up after timeoutMs with ProviderError timeout', async () => {
    fake.respondWith({ fixture: 'one-way-lhr-jfk', delayMs: 5_000 })
    const started = Date.now()
    const err = await failure(source(150).fetch({ type: 2 }))
    expect(err.code).toBe('timeout')
    expect(err.message).toContain('150 ms')
    expect(Date.now() - started).toBeLessThan(1_500)
    expectNoKey(err)
  })

  it("a caller's deadline (AbortSignal.timeout) is a timeout too", async () => {
    fake.respondWith({ fixture: 'one-way-lhr-jfk', delayMs: 5_000 })
    const err = await failure(source(10_000).fetch({ type: 2 }, { signal: AbortSignal.timeout(100) }))
    expect(err.code).toBe('timeout')
  })

  it('a caller that cancels gets its own reason back', async () => {
    fake.respondWith({ fixture: 'one-way-lhr-jfk', delayMs: 5_000 })
    const controller = new AbortController()
    const call = source().fetch({ type: 2 }, { signal: controller.signal })
    setTimeout(() => controller.abort(new Error('user left')), 50)
    await expect(call).rejects.toThrow('user left')
  })
})

describe('the API key stays secret', () => {
  it('is redacted from upstream error texts that echo the request', async () => {
    const echo = (r: { search: string }) => ({ error: `Bad request for /search.json?${r.search} (key ${API_KEY})` })
    for (const status of [400, 429, 500, 200]) {
      fake.reset()
      fake.respondWith({ status, body: echo({ search: `engine=google_flights&api_key=${encodeURIComponent(API_KEY)}` }) })
      const err = await failure(source().fetch({ type: 2 }))
      expect(err.message).toContain('[redacted]')
      expectNoKey(err)
    }
  })

  it('is redacted before long texts are clipped', async () => {
    fake.respondWith({ status: 500, body: `${'x'.repeat(190)} ${API_KEY} ${'y'.repeat(300)}` })
    const err = await failure(source().fetch({ type: 2 }))
    expect(err.message).toMatch(/ \[redact/)
    expect(err.message).not.toContain('sk-test')
    expectNoKey(err)
  })

  it('is required', () => {
    expect(() => createSerpApiSource({ apiKey: '' })).toThrow(/API key/)
  })
})

describe('helpers', () => {
  it('parseRetryAfter', () => {
    expect(parseRetryAfter(null)).toBeUndefined()
    expect(parseRetryAfter('  ')).toBeUndefined()
    expect(parseRetryAfter('0')).toBe(0)
    expect(parseRetryAfter('12')).toBe(12_000)
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('Wed, 21 Oct 2026 07:27:00 GMT'))).toBe(60_000)
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('Wed, 21 Oct 2026 08:00:00 GMT'))).toBe(0)
    expect(parseRetryAfter('soon')).toBeUndefined()
  })

  it('redactApiKey removes the raw key, the encoded key and any api_key value', () => {
    expect(redactApiKey(`a ${API_KEY} b ${encodeURIComponent(API_KEY)} c api_key=other&x=1`, API_KEY)).toBe(
      'a [redacted] b [redacted] c api_key=[redacted]&x=1',
    )
  })
})
