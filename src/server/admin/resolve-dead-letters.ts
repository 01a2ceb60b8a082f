import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import type { notificationBulkSchema } from '#shared/admin.ts'
import type { Db } from '../db/client.ts'
import { alertNotifications, profiles } from '../db/schema.ts'
import { recordAdminAction, type AuditActor } from './audit-log.ts'

export type DeadLetterSelection = z.infer<typeof notificationBulkSchema>

/**
 * POST /api/admin/notifications/retry | discard: dead letters only (a pending or sent notice is
 * left alone, whatever ids are named). A retry goes back to the outbox with fresh attempts and is
 * sent by the dispatcher like any notice; a discard is kept as `discarded` for the record. A
 * disabled account's notices are not retried.
 */
export async function resolveDeadLetters(
  db: Db,
  actor: AuditActor,
  input: { action: 'retry' | 'discard'; selection: DeadLetterSelection; now: Date },
): Promise<{ count: number }> {
  const dead = eq(alertNotifications.status, 'dead')
  const chosen = 'ids' in input.selection ? and(dead, inArray(alertNotifications.id, input.selection.ids)) : dead
  return db.transaction(async (tx) => {
    let changed: { id: string }[]
    if (input.action === 'retry') {
      const enabled = tx.select({ id: profiles.id }).from(profiles).where(isNull(profiles.disabledAt))
      changed = await tx
        .update(alertNotifications)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: input.now, leaseUntil: null })
        .where(and(chosen, inArray(alertNotifications.userId, enabled)))
        .returning({ id: alertNotifications.id })
    } else {
      changed = await tx
        .update(alertNotifications)
        .set({ status: 'discarded', leaseUntil: null })
        .where(chosen)
        .returning({ id: alertNotifications.id })
    }
    await recordAdminAction(tx, actor, {
      action: input.action === 'retry' ? 'notification.retry' : 'notification.discard',
      targetType: 'notification',
      targetId: changed.length === 1 ? changed[0]!.id : null,
      targetLabel: 'all' in input.selection ? 'every dead letter' : `${changed.length} selected`,
      detail: { count: changed.length, ...('ids' in input.selection ? { ids: input.selection.ids } : { all: true }) },
    })
    return { count: changed.length }
  })
}
