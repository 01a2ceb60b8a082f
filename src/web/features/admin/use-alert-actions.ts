import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, errorMessage } from '../../lib/api-client.ts'
import { toast } from '../../stores/toast-store.ts'
import { adminKeys, refreshAfterAction } from './api.ts'

type AlertAction = 'check' | 'disable' | 'enable'

const DONE: Record<AlertAction, string> = { check: 'Checked now', disable: 'Alert disabled', enable: 'Alert re-enabled' }

/** Check now, disable or re-enable one alert; the detail and the list are read again after each. */
export function useAlertAction(id: string, name: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (action: AlertAction) => {
      if (action === 'check') await api('POST /api/admin/alerts/:id/check', { params: { id }, json: {} })
      else if (action === 'disable') await api('POST /api/admin/alerts/:id/disable', { params: { id }, json: {} })
      else await api('POST /api/admin/alerts/:id/enable', { params: { id }, json: {} })
      return action
    },
    // Read again after a refusal too: a check held back moves the alert's next check to when the limit lifts.
    onSettled: () => refreshAfterAction(queryClient, [adminKeys.alert(id), adminKeys.alerts, adminKeys.users]),
    onSuccess: (action) => {
      toast.success(DONE[action], action === 'check' ? `${name}: the new check is at the top of the list.` : name)
    },
    // A check the provider's limits held back says so (the server's 503 names the limit and when it lifts).
    onError: (error, action) => toast.error(action === 'check' ? `Couldn't check ${name}` : `Couldn't update ${name}`, errorMessage(error)),
  })
}
