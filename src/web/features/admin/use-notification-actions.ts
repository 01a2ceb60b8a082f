import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api-client.ts'
import { adminKeys, refreshAfterAction } from './api.ts'

export type NoticeAction = 'retry' | 'discard'
export type NoticeTarget = { ids: string[] } | { all: true }

/** Retry or discard dead letters (named ones or all of them); resolves to the count the server answered. */
export function useNotificationAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ action, target }: { action: NoticeAction; target: NoticeTarget }) => {
      const route = action === 'retry' ? 'POST /api/admin/notifications/retry' : 'POST /api/admin/notifications/discard'
      const { count } = await api(route, { json: target })
      return { action, count }
    },
    onSettled: () => refreshAfterAction(queryClient, [adminKeys.notifications]),
  })
}

/** "3 notices queued to retry." / "1 notice discarded." */
export function noticeOutcome({ action, count }: { action: NoticeAction; count: number }): string {
  const notices = count === 1 ? '1 notice' : `${count} notices`
  return action === 'retry' ? `${notices} queued to retry.` : `${notices} discarded.`
}
