import { QueryObserver, type QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, ApiError } from '../lib/api-client.ts'
import { createQueryClient } from '../lib/query-client.ts'
import { meQueryOptions, SESSION_CHECK_INTERVAL_MS } from '../lib/session.ts'
import { useToastStore } from '../stores/toast-store.ts'
import { SESSION_ENDED, watchSession } from './session-watch.ts'

const me = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana', emailVerified: true }, profile: { role: 'free', subscription_tier: 'free' } }
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const unauthorized = () => json(401, { error: { code: 'unauthorized', message: 'Please sign in to continue.' } })

let session: unknown
let queryClient: QueryClient
let stop: () => void
const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  session = me
  fetchMock.mockReset()
  fetchMock.mockImplementation(async (input) => (String(input) === '/api/session' ? json(200, session) : unauthorized()))
  vi.stubGlobal('fetch', fetchMock)
  useToastStore.setState({ toasts: [] })
  queryClient = createQueryClient()
  stop = watchSession(queryClient)
})

afterEach(() => {
  stop()
  queryClient.clear()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

/** The page as a signed-in user has it: the session read, and the alert list on screen. */
async function signedInPage() {
  await queryClient.fetchQuery(meQueryOptions)
  queryClient.setQueryData(['alerts', 'list'], { alerts: [{ id: 'a1' }] })
  sessionStorage.setItem('draft', 'x')
}

const sessionReads = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/session').length
const toastTitles = () => useToastStore.getState().toasts.map((t) => t.title)

describe('watchSession', () => {
  it('signs the page out with a message when a call answers 401 because the session ended', async () => {
    await signedInPage()
    session = { user: null }
    await expect(api('GET /api/alerts')).rejects.toBeInstanceOf(ApiError)
    await vi.waitFor(() => expect(queryClient.getQueryData(meQueryOptions.queryKey)).toBeNull())
    expect(toastTitles()).toEqual([SESSION_ENDED])
    expect(queryClient.getQueryData(['alerts', 'list'])).toBeUndefined()
    expect(sessionStorage.getItem('draft')).toBeNull()
  })

  it('also watches a session that was read before the watch started (it loads after the first paint)', async () => {
    stop()
    await signedInPage()
    stop = watchSession(queryClient)
    session = { user: null }
    await expect(api('GET /api/alerts')).rejects.toBeInstanceOf(ApiError)
    await vi.waitFor(() => expect(toastTitles()).toEqual([SESSION_ENDED]))
  })

  it('keeps everything when the 401 was about something else and the session is still there', async () => {
    await signedInPage()
    await expect(api('GET /api/alerts')).rejects.toBeInstanceOf(ApiError)
    await vi.waitFor(() => expect(sessionReads()).toBe(2))
    expect(queryClient.getQueryData(meQueryOptions.queryKey)).toEqual(me)
    expect(queryClient.getQueryData(['alerts', 'list'])).toEqual({ alerts: [{ id: 'a1' }] })
    expect(toastTitles()).toEqual([])
  })

  it('does not read the session again for a signed-out visitor’s 401', async () => {
    session = { user: null }
    await queryClient.fetchQuery(meQueryOptions)
    await expect(api('GET /api/alerts')).rejects.toBeInstanceOf(ApiError)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(sessionReads()).toBe(1)
    expect(toastTitles()).toEqual([])
  })

  it('says nothing when the user signs out here (the cache is cleared first)', async () => {
    await signedInPage()
    queryClient.clear()
    queryClient.setQueryData(meQueryOptions.queryKey, null)
    session = { user: null }
    await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 })
    expect(toastTitles()).toEqual([])
  })

  it('reads the session every 30 minutes while the page is open, and notices one that ended', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    const observer = new QueryObserver(queryClient, meQueryOptions)
    const unsubscribe = observer.subscribe(() => {})
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(me))
    expect(sessionReads()).toBe(1)

    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS)
    expect(sessionReads()).toBe(2)
    session = { user: null }
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS)
    expect(sessionReads()).toBe(3)
    expect(observer.getCurrentResult().data).toBeNull()
    expect(toastTitles()).toEqual([SESSION_ENDED])
    unsubscribe()
  })
})
