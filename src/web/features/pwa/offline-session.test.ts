import { waitFor } from '@testing-library/react'
import { QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { stubApi } from '#tests/setup/fake-api.ts'
import { readSavedForOffline, saveForOffline } from '../../lib/offline-data.ts'
import { createQueryClient } from '../../lib/query-client.ts'
import { meQueryOptions, type Me } from '../../lib/session.ts'
import { isViewer, keepSessionForOffline, LAST_VIEWER } from './offline-session.ts'

const ANA: Me = {
  user: { id: 'u1', email: 'ana@example.com', name: 'Ana Lima', emailVerified: true },
  profile: { role: 'premium', subscription_tier: 'premium' },
  emails: [],
}

const stops: Array<() => void> = []
afterEach(() => stops.splice(0).forEach((stop) => stop()))

/** The app's query client with the offline session kept, and the session read as a screen would. */
function startApp() {
  const queryClient = createQueryClient()
  stops.push(keepSessionForOffline(queryClient))
  const observer = new QueryObserver(queryClient, meQueryOptions)
  stops.push(observer.subscribe(() => {}))
  return { queryClient, me: () => queryClient.getQueryState(meQueryOptions.queryKey) }
}

const offline = () => stubApi(() => Promise.reject(new TypeError('Failed to fetch')))
const lastViewer = () => readSavedForOffline(LAST_VIEWER, isViewer)

describe('the session offline', () => {
  it('saves the user the server names, dated when it answered', async () => {
    stubApi(({ url }) => (url === '/api/session' ? Response.json(ANA) : undefined))
    const app = startApp()
    await waitFor(() => expect(lastViewer()?.value.user.id).toBe('u1'))
    expect(lastViewer()!.savedAt).toBe(app.me()!.dataUpdatedAt)
  })

  it('shows the last viewer when the server cannot be reached, as of when they were saved', async () => {
    saveForOffline(LAST_VIEWER, ANA, 1_000)
    offline()
    const app = startApp()
    await waitFor(() => expect(app.me()?.data).toEqual(ANA))
    expect(app.me()!.dataUpdatedAt).toBe(1_000)
    // The stand-in is not news from the server: it is not saved again as if it were.
    expect(lastViewer()!.savedAt).toBe(1_000)
  })

  it('stands in for nobody when the server answers, even with an error: only a missing network is offline', async () => {
    saveForOffline(LAST_VIEWER, ANA, 1_000)
    stubApi(({ url }) => (url === '/api/session' ? Response.json({ error: { code: 'internal', message: 'Boom' } }, { status: 500 }) : undefined))
    const app = startApp()
    await waitFor(() => expect(app.me()?.status).toBe('error'), { timeout: 8_000 })
    expect(app.me()!.data).toBeUndefined()
  })

  it('forgets everything saved for offline use once nobody is signed in (sign-out, a session ended elsewhere)', async () => {
    stubApi(({ url }) => (url === '/api/session' ? Response.json(ANA) : undefined))
    const app = startApp()
    await waitFor(() => expect(lastViewer()).not.toBeNull())
    saveForOffline('alerts:v1:u1', { filters: {}, alerts: [] }, 2_000)
    localStorage.setItem('faredrop-theme', '{"state":{"theme":"dark"}}')

    // What sign-out does once the server was told (features/auth/use-sign-out.ts).
    app.queryClient.clear()
    app.queryClient.setQueryData(meQueryOptions.queryKey, null)

    expect(lastViewer()).toBeNull()
    expect(localStorage.getItem('faredrop-offline:alerts:v1:u1')).toBeNull()
    // Preferences are not the account's data: they stay.
    expect(localStorage.getItem('faredrop-theme')).not.toBeNull()
  })

  it('ignores a saved viewer that is not one (storage is outside input)', async () => {
    localStorage.setItem('faredrop-offline:viewer', JSON.stringify({ savedAt: 1, value: { user: { id: 7 } } }))
    offline()
    const app = startApp()
    await waitFor(() => expect(app.me()?.fetchFailureCount).toBeGreaterThan(0))
    expect(app.me()!.data).toBeUndefined()
  })
})
