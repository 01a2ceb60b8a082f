import { useQueryClient } from '@tanstack/react-query'
import type { AdminRoleChoice, AdminUserRow } from '#shared/admin.ts'
import type { PlanId } from '#shared/plans.ts'
import { api, errorMessage } from '../../lib/api-client.ts'
import { toast } from '../../stores/toast-store.ts'
import { adminKeys, refreshAfterAction } from './api.ts'
import { count, tierLabel } from './labels.ts'

const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`

/**
 * The actions on a user. Each resolves once the server has answered (a dialog then closes) and
 * throws its error (the dialog shows it); the outcome is told in a toast and the lists refresh.
 */
export function useUserActions() {
  const queryClient = useQueryClient()
  const done = (title: string, description?: string) => {
    refreshAfterAction(queryClient, [adminKeys.users, adminKeys.alerts])
    toast.success(title, description)
  }
  return {
    setTier: async (user: AdminUserRow, tier: PlanId) => {
      const result = await api('POST /api/admin/users/:id/plan', { params: { id: user.id }, json: { tier } })
      const paused = result.alerts.paused.length
      const resumed = result.alerts.resumed.length
      const moved = [paused > 0 && `${plural(paused, 'alert')} paused`, resumed > 0 && `${plural(resumed, 'alert')} resumed`].filter(Boolean).join(', ')
      done(
        tier === 'free' ? `Grant withdrawn from ${user.email}` : `${tierLabel(tier)} granted to ${user.email}`,
        `Their tier is now ${tierLabel(result.user.tier)}${moved ? `; ${moved}` : ''}.`,
      )
    },
    setRole: async (user: AdminUserRow, role: AdminRoleChoice) => {
      await api('POST /api/admin/users/:id/role', { params: { id: user.id }, json: { role } })
      done(role === 'admin' ? `${user.email} is now an admin` : `${user.email} is no longer an admin`)
    },
    disable: async (user: AdminUserRow, reason: string) => {
      const trimmed = reason.trim()
      const result = await api('POST /api/admin/users/:id/disable', { params: { id: user.id }, json: trimmed ? { reason: trimmed } : {} })
      done(`${user.email} disabled`, `${plural(result.sessionsRevoked, 'session')} revoked, ${plural(result.alertsDisabled, 'alert')} disabled.`)
    },
    signOut: async (user: AdminUserRow) => {
      const result = await api('POST /api/admin/users/:id/sign-out', { params: { id: user.id }, json: {} })
      done(`${user.email} signed out everywhere`, `${plural(result.sessionsRevoked, 'session')} revoked.`)
    },
    /** Actions taken without a dialog tell their own failure. */
    enable: async (user: AdminUserRow) => {
      try {
        const result = await api('POST /api/admin/users/:id/enable', { params: { id: user.id }, json: {} })
        done(`${user.email} enabled`, `${plural(result.alertsRestored, 'alert')} restored.`)
      } catch (error) {
        toast.error(`Couldn't enable ${user.email}`, errorMessage(error))
      }
    },
    resendVerification: async (user: AdminUserRow) => {
      try {
        await api('POST /api/admin/users/:id/resend-verification', { params: { id: user.id }, json: {} })
        done(`Verification email sent to ${user.email}`)
      } catch (error) {
        toast.error(`Couldn't send the verification email`, errorMessage(error))
      }
    },
  }
}

