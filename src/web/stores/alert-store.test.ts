import { beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_SEARCH_FILTERS, DEFAULT_SEARCH_PARAMS } from '#shared/flights/search-params.ts'
import { useAlertDraftStore } from './alert-draft-store.ts'
import { ALERT_STORE_NAME, DEFAULT_ALERT_FILTERS, hasDefaultFilters, useAlertStore } from './alert-store.ts'

const store = () => useAlertStore.getState()

beforeEach(() => {
  useAlertStore.setState({ filters: DEFAULT_ALERT_FILTERS, createStep: 'configure', upgradeReasons: [], searchContext: null, editingId: null, pushPromptDismissed: false })
  localStorage.clear()
})

describe('alert store', () => {
  it('starts with the spec filters: active, every type, created_at desc, no search', () => {
    expect(DEFAULT_ALERT_FILTERS).toEqual({ status: 'active', alertType: 'all', sortBy: 'created_at', sortOrder: 'desc', searchQuery: '', client: '' })
    expect(hasDefaultFilters(store().filters)).toBe(true)
  })

  it('persists only the filters and the push prompt dismissal, under alert-store', () => {
    store().setFilters({ status: 'paused', searchQuery: 'lis' })
    store().startEdit('a1')
    store().beginCreate({ referencePrice: 400, currency: 'USD' })
    const saved = JSON.parse(localStorage.getItem(ALERT_STORE_NAME)!) as { state: unknown; version: number }
    expect(saved).toEqual({ state: { filters: { ...DEFAULT_ALERT_FILTERS, status: 'paused', searchQuery: 'lis' }, pushPromptDismissed: false }, version: 1 })
    store().dismissPushPrompt()
    expect(JSON.parse(localStorage.getItem(ALERT_STORE_NAME)!)).toMatchObject({ state: { pushPromptDismissed: true } })
  })

  it('restores saved filters, keeping the default for any value the list query refuses', async () => {
    localStorage.setItem(ALERT_STORE_NAME, JSON.stringify({ state: { filters: { status: 'nope', alertType: 'flight', sortBy: 'price', sortOrder: 'asc', searchQuery: 42 } }, version: 1 }))
    await useAlertStore.persist.rehydrate()
    expect(store().filters).toEqual({ ...DEFAULT_ALERT_FILTERS, alertType: 'flight', sortOrder: 'asc' })
    expect(store().pushPromptDismissed).toBe(false)
  })

  it('remembers a dismissed push prompt across reloads, and only a real true counts', async () => {
    localStorage.setItem(ALERT_STORE_NAME, JSON.stringify({ state: { filters: DEFAULT_ALERT_FILTERS, pushPromptDismissed: true }, version: 1 }))
    await useAlertStore.persist.rehydrate()
    expect(store().pushPromptDismissed).toBe(true)
    localStorage.setItem(ALERT_STORE_NAME, JSON.stringify({ state: { filters: DEFAULT_ALERT_FILTERS, pushPromptDismissed: 'yes' }, version: 1 }))
    await useAlertStore.persist.rehydrate()
    expect(store().pushPromptDismissed).toBe(false)
  })

  it('closing the creation modal clears the draft, the step and the search context', () => {
    useAlertDraftStore.getState().setDraft({ search: { params: DEFAULT_SEARCH_PARAMS, filters: DEFAULT_SEARCH_FILTERS } })
    store().beginCreate({ referencePrice: 400, currency: 'USD' })
    store().showUpgrade(['quota_exceeded'])
    expect(store().createStep).toBe('upgrade')
    store().closeCreate()
    expect(useAlertDraftStore.getState().draft).toBeNull()
    expect(store()).toMatchObject({ createStep: 'configure', upgradeReasons: [], searchContext: null })
  })

  it('closing the edit modal clears the editing id', () => {
    store().startEdit('a1')
    expect(store().editingId).toBe('a1')
    store().closeEdit()
    expect(store().editingId).toBeNull()
  })
})
