import { quotaStatus, type QuotaStatus } from '#shared/alerts/alert-rules.ts'
import { alertToday, countAlerts, type AlertDeps, type AlertOwner } from './alert-scope.ts'

/** GET /api/alerts/quota: the spec's quota status, counted as the create check counts. */
export async function getQuota(deps: AlertDeps, owner: AlertOwner): Promise<QuotaStatus> {
  const { used, active } = await countAlerts(deps.db, owner.userId, alertToday(deps.now()))
  return quotaStatus(owner.plan, { used, active })
}
