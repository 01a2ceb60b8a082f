import { alerts } from '../db/schema.ts'
import { alertNotFound } from './alert-errors.ts'
import { isAlertId, ownedAlert, type AlertDeps } from './alert-scope.ts'

/** DELETE /api/alerts/:id: removes the alert and (by cascade) its price history, whatever its status. */
export async function deleteAlert(deps: Pick<AlertDeps, 'db'>, userId: string, id: string): Promise<void> {
  if (!isAlertId(id)) throw alertNotFound()
  const deleted = await deps.db.delete(alerts).where(ownedAlert(userId, id)).returning({ id: alerts.id })
  if (deleted.length === 0) throw alertNotFound()
}
