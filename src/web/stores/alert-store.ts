import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { alertListQuerySchema, type AlertListQuery } from '#shared/alerts/alert.ts'
import type { PremiumReason } from '#shared/alerts/alert-rules.ts'
import { useAlertDraftStore } from './alert-draft-store.ts'

/**
 * Client state of the /alerts page (spec sections 3 "Alert list filters" and 4 "Alert status"):
 * the list filters and whether the push prompt was dismissed, persisted under `alert-store`, and
 * the creation / edit modals' state, kept in memory only (a modal is a moment, not a preference).
 */
export const ALERT_STORE_NAME = 'alert-store'

export interface AlertListFilters {
  status: AlertListQuery['status']
  alertType: AlertListQuery['alertType']
  sortBy: AlertListQuery['sortBy']
  sortOrder: AlertListQuery['sortOrder']
  searchQuery: string
  /** Unlimited: one client's alerts (its id), "none" for the advisor's own, "" for all (decision 043). */
  client: string
}

export const DEFAULT_ALERT_FILTERS: AlertListFilters = { status: 'active', alertType: 'all', sortBy: 'created_at', sortOrder: 'desc', searchQuery: '', client: '' }

/** `configure` is the form; `upgrade` explains what the plan does not cover after a 403. */
export type CreateStep = 'configure' | 'upgrade'

/** What the search showed when "Track" was pressed: the price the suggested target comes from. */
export interface AlertSearchContext {
  referencePrice: number | null
  currency: string
}

interface AlertStoreState {
  filters: AlertListFilters
  setFilters: (patch: Partial<AlertListFilters>) => void
  resetFilters: () => void
  createStep: CreateStep
  upgradeReasons: PremiumReason[]
  searchContext: AlertSearchContext | null
  /** A new hand-off from the search page: fresh step, this search's context. */
  beginCreate: (context: AlertSearchContext | null) => void
  showUpgrade: (reasons: PremiumReason[]) => void
  backToConfigure: () => void
  /** Closing the creation modal clears the draft, the step and the search context (section 4). */
  closeCreate: () => void
  editingId: string | null
  startEdit: (id: string) => void
  /** Closing the edit modal clears the editing id (section 4). */
  closeEdit: () => void
  /** "No thanks" on the offer to turn push on for this device: never offered again here. */
  pushPromptDismissed: boolean
  dismissPushPrompt: () => void
}

const freshCreation = { createStep: 'configure' as CreateStep, upgradeReasons: [] as PremiumReason[], searchContext: null }

export const useAlertStore = create<AlertStoreState>()(
  persist(
    (set) => ({
      filters: DEFAULT_ALERT_FILTERS,
      setFilters: (patch) => set((state) => ({ filters: { ...state.filters, ...patch } })),
      resetFilters: () => set({ filters: DEFAULT_ALERT_FILTERS }),

      ...freshCreation,
      beginCreate: (searchContext) => set({ ...freshCreation, searchContext }),
      showUpgrade: (upgradeReasons) => set({ createStep: 'upgrade', upgradeReasons }),
      backToConfigure: () => set({ createStep: 'configure', upgradeReasons: [] }),
      closeCreate: () => {
        useAlertDraftStore.getState().clearDraft()
        set(freshCreation)
      },

      editingId: null,
      startEdit: (editingId) => set({ editingId }),
      closeEdit: () => set({ editingId: null }),

      pushPromptDismissed: false,
      dismissPushPrompt: () => set({ pushPromptDismissed: true }),
    }),
    {
      name: ALERT_STORE_NAME,
      version: 1,
      partialize: (state) => ({ filters: state.filters, pushPromptDismissed: state.pushPromptDismissed }),
      // Storage is outside input (older builds, hand edits): each field the list query refuses keeps its default.
      merge: (persisted, current) => {
        const saved = persisted as { filters?: unknown; pushPromptDismissed?: unknown } | null
        return { ...current, filters: validFilters(saved?.filters), pushPromptDismissed: saved?.pushPromptDismissed === true }
      },
    },
  ),
)

function validFilters(saved: unknown): AlertListFilters {
  if (!saved || typeof saved !== 'object') return DEFAULT_ALERT_FILTERS
  const value = saved as Record<string, unknown>
  const shape = alertListQuerySchema.shape
  const pick = <K extends keyof AlertListFilters>(key: K, parsed: { success: boolean; data?: unknown }): AlertListFilters[K] =>
    value[key] !== undefined && parsed.success ? (parsed.data as AlertListFilters[K]) : DEFAULT_ALERT_FILTERS[key]
  return {
    status: pick('status', shape.status.safeParse(value.status)),
    alertType: pick('alertType', shape.alertType.safeParse(value.alertType)),
    sortBy: pick('sortBy', shape.sortBy.safeParse(value.sortBy)),
    sortOrder: pick('sortOrder', shape.sortOrder.safeParse(value.sortOrder)),
    searchQuery: pick('searchQuery', shape.q.safeParse(value.searchQuery)),
    client: pick('client', shape.client.safeParse(value.client)) ?? '',
  }
}

/** True when the list shows what it shows by default (status active, every type, no search text). */
export function hasDefaultFilters(filters: AlertListFilters): boolean {
  return filters.status === DEFAULT_ALERT_FILTERS.status && filters.alertType === 'all' && filters.searchQuery.trim() === '' && filters.client === ''
}
