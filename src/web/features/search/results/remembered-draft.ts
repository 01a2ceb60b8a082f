import { PRODUCT_SLUG } from '#shared/site.ts'
import { forget, recall, remember } from '../../../lib/remembered.ts'
import type { AlertDraft } from '../../../stores/alert-draft-store.ts'

/**
 * A signed-out traveller's "Track" draft, kept across the sign-in it asks for (issue 16): an
 * outside provider's sign-in reloads the page and a magic link opens a new tab, and the in-memory
 * draft store is gone by then. Not in the store's module: the landing page's first load carries
 * that module, and only the search page needs this.
 */
const DRAFT_KEY = `${PRODUCT_SLUG}-alert-draft`
const DRAFT_MAX_AGE_MS = 30 * 60 * 1000

/** A signed-out traveller pressed Track: the draft waits for them across the sign-in. */
export function rememberDraftForSignIn(draft: AlertDraft, now = Date.now()): void {
  remember(DRAFT_KEY, draft, now)
}

/**
 * The draft remembered across a sign-in, once (it is forgotten as it is read). Only its shape is
 * checked: what it holds is a search and flights, which the form shows and the server validates.
 */
export function takeDraftRememberedForSignIn(now = Date.now()): AlertDraft | null {
  const draft = recall(DRAFT_KEY, DRAFT_MAX_AGE_MS, (value) => (isDraft(value) ? value : null), now)
  forget(DRAFT_KEY)
  return draft
}

function isDraft(value: unknown): value is AlertDraft {
  if (typeof value !== 'object' || value === null) return false
  const { search } = value as { search?: { params?: unknown; filters?: unknown } }
  return typeof search?.params === 'object' && search.params !== null && typeof search.filters === 'object' && search.filters !== null
}
