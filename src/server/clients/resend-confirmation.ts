import type { ClientView } from '#shared/clients.ts'
import { assertClientPlan, ownClient } from './client-scope.ts'
import { withCounts } from './list-clients.ts'
import { claimConfirmation, sendConfirmation, type ConfirmationDeps } from './request-confirmation.ts'

/** POST /api/clients/:id/send-confirmation: ask again the contacts still waiting (limits in claimConfirmation). */
export async function resendConfirmation(deps: ConfirmationDeps, userId: string, id: string): Promise<ClientView> {
  const contacts = await deps.db.transaction(async (tx) => {
    await ownClient(tx, userId, id)
    await assertClientPlan(tx, userId)
    return claimConfirmation(tx, await ownClient(tx, userId, id, { forUpdate: true }), deps.now())
  })
  const row = await ownClient(deps.db, userId, id)
  await sendConfirmation(deps, row, contacts)
  return (await withCounts(deps.db, [row]))[0]!
}
