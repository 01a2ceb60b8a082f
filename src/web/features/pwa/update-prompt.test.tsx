import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '../../components/ui/toaster.tsx'
import { useToastStore } from '../../stores/toast-store.ts'
import { registerServiceWorker, SERVICE_WORKER_URL, UPDATE_MESSAGES } from './update-prompt.ts'

/** A service worker as the page sees it: a state that changes, and the messages the page posts to it. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing'
  postMessage = vi.fn()
  become(state: ServiceWorkerState) {
    this.state = state
    this.dispatchEvent(new Event('statechange'))
  }
}

/** navigator.serviceWorker with one registration; `controller`: the page already runs under a worker. */
function fakeServiceWorkers(options: { controller?: boolean; waiting?: FakeWorker; blocked?: boolean } = {}) {
  const registration = Object.assign(new EventTarget(), {
    installing: null as FakeWorker | null,
    waiting: options.waiting ?? null,
    update: vi.fn(async () => undefined),
  })
  const container = Object.assign(new EventTarget(), {
    controller: options.controller ? new FakeWorker() : null,
    register: vi.fn(async () => (options.blocked ? undefined : registration)),
  })
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true })
  const reload = vi.fn()
  vi.stubGlobal('location', { ...window.location, reload })
  return {
    container,
    registration,
    reload,
    /** A new version found on the server: it installs and, with a page to replace, waits. */
    deploy() {
      const worker = new FakeWorker()
      registration.installing = worker
      registration.dispatchEvent(new Event('updatefound'))
      act(() => worker.become('installed'))
      return worker
    },
  }
}

const toasts = () => useToastStore.getState().toasts

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker')
  vi.useRealTimers()
})

describe('the service worker and its update prompt', () => {
  it('registers /sw.js for the whole app, once per page load', async () => {
    const workers = fakeServiceWorkers()
    expect(await registerServiceWorker()).toBe(workers.registration)
    expect(workers.container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' })
    expect(SERVICE_WORKER_URL).toBe('/sw.js')
  })

  it('offers "Update available — Reload" when a new version is waiting, and reloads once it took over', async () => {
    const workers = fakeServiceWorkers({ controller: true })
    await registerServiceWorker()
    const next = workers.deploy()

    expect(toasts()).toMatchObject([{ title: UPDATE_MESSAGES.title, description: UPDATE_MESSAGES.description, persistent: true, action: { label: 'Reload' } }])
    act(() => toasts()[0]!.action!.onClick())
    expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' })
    // Not before the new version controls the page: the reload must load the new code.
    expect(workers.reload).not.toHaveBeenCalled()
    workers.container.dispatchEvent(new Event('controllerchange'))
    expect(workers.reload).toHaveBeenCalledOnce()
  })

  it('offers a version that was already waiting when the page opened (deployed since the last visit)', async () => {
    fakeServiceWorkers({ controller: true, waiting: Object.assign(new FakeWorker(), { state: 'installed' as const }) })
    await registerServiceWorker()
    expect(toasts()).toHaveLength(1)
  })

  it('offers a version the browser was installing when the page registered (found by the navigation)', async () => {
    const workers = fakeServiceWorkers({ controller: true })
    const installing = new FakeWorker()
    workers.registration.installing = installing
    await registerServiceWorker()
    expect(toasts()).toEqual([])
    act(() => installing.become('installed'))
    expect(toasts()).toHaveLength(1)
  })

  it('asks nothing on the first install: there is no older version on the page to replace', async () => {
    const workers = fakeServiceWorkers({ controller: false })
    await registerServiceWorker()
    workers.deploy()
    expect(toasts()).toEqual([])
  })

  it('reloads at once when another tab already let the new version take over', async () => {
    const workers = fakeServiceWorkers({ controller: true })
    await registerServiceWorker()
    const next = workers.deploy()
    next.become('activated')
    act(() => toasts()[0]!.action!.onClick())
    expect(workers.reload).toHaveBeenCalledOnce()
    expect(next.postMessage).not.toHaveBeenCalled()
  })

  it('asks the server for a new version every hour while the tab stays open', async () => {
    vi.useFakeTimers()
    const workers = fakeServiceWorkers()
    await registerServiceWorker()
    vi.advanceTimersByTime(60 * 60_000)
    expect(workers.registration.update).toHaveBeenCalledOnce()
  })

  it('does without where registration is refused or unsupported', async () => {
    fakeServiceWorkers({ blocked: true })
    expect(await registerServiceWorker()).toBeNull()
    Reflect.deleteProperty(navigator, 'serviceWorker')
    expect(await registerServiceWorker()).toBeNull()
  })
})

describe('the update toast', () => {
  it('shows the Reload button and stays until used, while other toasts leave after a few seconds', () => {
    vi.useFakeTimers()
    const onClick = vi.fn()
    render(<Toaster />)
    act(() => {
      useToastStore.getState().show({ title: UPDATE_MESSAGES.title, description: UPDATE_MESSAGES.description, variant: 'info', persistent: true, action: { label: 'Reload', onClick } })
      useToastStore.getState().show({ title: 'Alert saved', variant: 'success' })
    })
    act(() => vi.advanceTimersByTime(60_000))
    expect(screen.queryByText('Alert saved')).not.toBeInTheDocument()
    act(() => screen.getByRole('button', { name: 'Reload' }).click())
    expect(onClick).toHaveBeenCalledOnce()
  })
})
