import { IDEMPOTENCY_KEY_HEADER } from '#shared/idempotency.ts'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import type { Alert, AlertNotificationRecord, CreateAlertInput, UpdateAlertInput } from '#shared/alerts/alert.ts'
import { canCreateAlert, PREMIUM_REASONS, type PremiumReason, type QuotaStatus } from '#shared/alerts/alert-rules.ts'
import { api, ApiError } from '../../lib/api-client.ts'
import type { AlertListFilters } from '../../stores/alert-store.ts'
import { alertQueryKeys } from './quota.ts'

/** The alert endpoints (../shared/reference/api.md "Alerts"); every call is scoped to the signed-in user. */

export { alertQueryKeys, quotaQueryOptions } from './quota.ts'
export type { AlertNotificationRecord }

/** The list query string: the store's `searchQuery` travels as `q`. */
export function alertListSearch(filters: AlertListFilters): string {
  const search = new URLSearchParams({ status: filters.status, alertType: filters.alertType, sortBy: filters.sortBy, sortOrder: filters.sortOrder })
  const q = filters.searchQuery.trim()
  if (q) search.set('q', q)
  if (filters.client) search.set('client', filters.client)
  return search.toString()
}

export function alertListQueryOptions(filters: AlertListFilters) {
  const search = alertListSearch(filters)
  return queryOptions({
    queryKey: [...alertQueryKeys.lists(), search],
    queryFn: async ({ signal }) => (await api('GET /api/alerts', { query: search, signal })).alerts,
    // A filter change keeps the current cards on screen until the new list arrives (no skeleton flash).
    placeholderData: keepPreviousData,
  })
}

export function alertDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: alertQueryKeys.detail(id),
    queryFn: async ({ signal }) => (await api('GET /api/alerts/:id', { params: { id }, signal })).alert,
  })
}

/** A notice still pending is looked at again now and then, so Retrying turns into Sent or Failed. */
const PENDING_REFRESH_MS = 30_000

/**
 * The alert's notices, newest first, per channel. The alert detail's own `notifications` field
 * stays empty on the server; this endpoint carries the delivery status and skip reasons.
 */
export function alertNotificationsQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...alertQueryKeys.detail(id), 'notifications'],
    queryFn: async ({ signal }) =>
      (await api('GET /api/alerts/:id/notifications', { params: { id }, signal })).notifications,
    refetchInterval: (query) => (query.state.data?.some((notice) => notice.status === 'pending') ? PENDING_REFRESH_MS : false),
  })
}

/**
 * POST /api/alerts: the created alert, or an ApiError (403 carries the premium reasons). A repeat
 * with the same idempotency key returns the alert the first attempt made, if it made one.
 */
export async function createAlert(input: CreateAlertInput, idempotencyKey?: string): Promise<Alert> {
  const body = await api('POST /api/alerts', { json: input, ...(idempotencyKey ? { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } } : {}) })
  if (!body.success) throw new ApiError(400, body.error.code, body.error.message, body.error.fieldErrors, undefined, body.error)
  return body.alert
}

/** PATCH /api/alerts/:id with any subset of the editable fields, or a status change. */
export async function updateAlert(id: string, patch: UpdateAlertInput): Promise<Alert | null> {
  const body = await api('PATCH /api/alerts/:id', { params: { id }, json: patch })
  return body.alert
}

export async function deleteAlert(id: string): Promise<void> {
  await api('DELETE /api/alerts/:id', { params: { id } })
}

const reasonsSchema = z.array(z.enum(PREMIUM_REASONS)).catch([])

/** The premium reasons of a refused write: the response's list, or its code when that is a reason. */
export function premiumReasonsOf(error: unknown): PremiumReason[] {
  if (!(error instanceof ApiError)) return []
  const listed = reasonsSchema.parse(error.details?.premiumReasons ?? [])
  if (listed.length > 0) return listed
  return (PREMIUM_REASONS as readonly string[]).includes(error.code) ? [error.code as PremiumReason] : []
}

/** Section 6: creating is allowed while the quota loads; otherwise only under the cap; with no quota data, not at all. */
export function quotaAllowsCreating(query: { isPending: boolean; data: QuotaStatus | null | undefined }): boolean {
  return canCreateAlert(query.isPending ? { status: 'loading' } : { status: 'ready', data: query.data ?? null })
}
