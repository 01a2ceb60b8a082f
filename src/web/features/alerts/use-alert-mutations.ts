import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { ALERT_MESSAGES, type Alert, type CreateAlertInput, type UpdateAlertInput } from '#shared/alerts/alert.ts'
import { toast } from '../../stores/toast-store.ts'
import { findCachedAlert, patchCachedAlert, removeCachedAlert, restoreAlerts } from './alert-cache.ts'
import { createAlert, deleteAlert, updateAlert } from './api.ts'
import { alertQueryKeys } from './quota.ts'

/**
 * The alert writes and what each refreshes (spec section 4): create and update refetch the list
 * (create also the quota); pause/resume and delete are optimistic and roll back with the spec's
 * messages; delete then refreshes the quota.
 */

/**
 * Each draft submits under one idempotency key: pressing Create again after an error whose answer
 * was lost (the first attempt may have landed) can't make a second alert. A changed draft is a new
 * intent and gets a new key, and so does the next draft after a success.
 */
function useDraftIdempotencyKey(): { keyFor(input: CreateAlertInput): string; reset(): void } {
  const last = useRef<{ body: string; key: string } | null>(null)
  return {
    keyFor(input) {
      const body = JSON.stringify(input)
      if (last.current?.body !== body) last.current = { body, key: crypto.randomUUID() }
      return last.current.key
    },
    reset() {
      last.current = null
    },
  }
}

export function useCreateAlert() {
  const queryClient = useQueryClient()
  const draftKey = useDraftIdempotencyKey()
  return useMutation({
    mutationFn: (input: CreateAlertInput) => createAlert(input, draftKey.keyFor(input)),
    onSuccess: async () => {
      draftKey.reset()
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: alertQueryKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: alertQueryKeys.quota() }),
      ])
    },
  })
}

export function useUpdateAlert() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UpdateAlertInput }) => updateAlert(id, patch),
    onSuccess: async (alert, { id }) => {
      if (alert) patchCachedAlert(queryClient, id, () => alert)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: alertQueryKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: alertQueryKeys.detail(id) }),
      ])
    },
  })
}

type StatusChange = { id: string; status: 'active' | 'paused' }

/** Pause (status paused) or resume (status active), shown at once and undone if the server refuses. */
export function useSetAlertStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, status }: StatusChange) => updateAlert(id, { status }),
    onMutate: async ({ id, status }: StatusChange) => {
      await queryClient.cancelQueries({ queryKey: alertQueryKeys.lists() })
      const previous = findCachedAlert(queryClient, id)?.status
      patchCachedAlert(queryClient, id, (alert) => ({ ...alert, status }))
      return { previous }
    },
    onError: (_error, { id, status }, context) => {
      const previous = context?.previous
      if (previous) patchCachedAlert(queryClient, id, (alert) => ({ ...alert, status: previous }))
      toast.error(status === 'paused' ? ALERT_MESSAGES.pauseFailed : ALERT_MESSAGES.resumeFailed)
    },
    onSuccess: (alert: Alert | null, { id, status }) => {
      if (alert) patchCachedAlert(queryClient, id, () => alert)
      toast.success(status === 'paused' ? 'Alert paused' : 'Alert resumed')
    },
    onSettled: async () => {
      // The list is marked stale, not refetched now: under the "Active" filter a just-paused alert
      // stays in view (with Resume at hand) until the list is next loaded. The badge count changes now.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: alertQueryKeys.lists(), refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: alertQueryKeys.quota() }),
      ])
    },
  })
}

/** Delete: gone from the list at once, put back (with the spec's message) if the server refuses. */
export function useDeleteAlert() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteAlert(id),
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: alertQueryKeys.lists() })
      return { removed: removeCachedAlert(queryClient, id) }
    },
    onError: (_error, _id, context) => {
      if (context) restoreAlerts(queryClient, context.removed)
      toast.error(ALERT_MESSAGES.deleteFailed)
    },
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: alertQueryKeys.detail(id) })
      toast.success('Alert deleted')
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertQueryKeys.quota() }),
  })
}
