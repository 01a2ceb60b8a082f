import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { Context } from 'hono'
import type { AdminAction, AdminAuditEntry, adminAuditQuerySchema } from '#shared/admin.ts'
import type { Db } from '../db/client.ts'
import { adminAuditLog } from '../db/schema.ts'
import { escapeLike } from './escape-like.ts'
import type { Viewer } from '../auth/viewer.ts'
import type { z } from 'zod'

/** Who acted and under which request: taken from the admin route's context. */
export interface AuditActor {
  actorId: string
  actorEmail: string
  requestId: string | null
}

export function auditActor(c: Context<{ Variables: { viewer: Viewer } }>): AuditActor {
  const viewer = c.var.viewer
  return { actorId: viewer.user.id, actorEmail: viewer.user.email, requestId: (c.get('requestId') as string | undefined) ?? null }
}

export interface AuditRecord {
  action: AdminAction
  targetType: AdminAuditEntry['targetType']
  targetId?: string | null
  targetLabel?: string | null
  detail?: Record<string, unknown>
}

/**
 * Writes one audit entry. Callers pass the transaction that made the change when there is one, so
 * an action and its record commit together (an action that rolled back leaves no entry).
 */
export async function recordAdminAction(db: Db, actor: AuditActor, record: AuditRecord): Promise<void> {
  await db.insert(adminAuditLog).values({
    actorId: actor.actorId,
    actorEmail: actor.actorEmail,
    requestId: actor.requestId,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId ?? null,
    targetLabel: record.targetLabel ?? null,
    detail: record.detail ?? {},
  })
}

/** GET /api/admin/audit: newest first, filtered by action and by text in the actor or target. */
export async function listAuditEntries(db: Db, query: z.infer<typeof adminAuditQuerySchema>): Promise<AdminAuditEntry[]> {
  const filters: SQL[] = []
  if (query.action) filters.push(eq(adminAuditLog.action, query.action))
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`
    filters.push(
      or(ilike(adminAuditLog.actorEmail, pattern), ilike(adminAuditLog.targetLabel, pattern), ilike(adminAuditLog.targetId, pattern))!,
    )
  }
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(adminAuditLog.at))
    .limit(query.limit)
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action as AdminAction,
    targetType: row.targetType as AdminAuditEntry['targetType'],
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    detail: row.detail,
    requestId: row.requestId,
  }))
}
