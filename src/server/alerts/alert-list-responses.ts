import { LRUCache } from 'lru-cache'
import type { AlertListQuery } from '#shared/alerts/alert.ts'
import type { PreparedJson } from '../http/prepared-json.ts'
import type { AlertOwner } from './alert-scope.ts'

/**
 * The alert list's finished answers (decision 020): per owner, plan, day and list query, the JSON
 * sent last time and the versions of the alerts it showed. Every request still asks the database
 * which alerts it lists at which versions (alert-list-cache.ts); when that signature is the one
 * kept, nothing changed that the answer shows (an alert's fields, its prices, its place in the
 * order, which alerts match), and the kept answer is sent as it is. The plan and the day are in
 * the key because the answer judges premium reasons and expiry by them.
 */
export interface ListedVersion {
  id: string
  version: string
}

/** `mark`: the change feed's position before the signature was read (db/change-feed.ts; 0 without a feed). */
export type AlertListResponses = LRUCache<string, { signature: string; prepared: PreparedJson; mark: number }>

/** About 64 KB for a list of 20 alerts; bounded by size, so a few heavy lists can't grow it. */
const MAX_BYTES = 32 * 1024 * 1024

export const createAlertListResponses = (): AlertListResponses =>
  new LRUCache({ maxSize: MAX_BYTES, sizeCalculation: (entry) => entry.prepared.json.length + entry.signature.length })

export const responseKey = (owner: AlertOwner, query: AlertListQuery, today: string) =>
  JSON.stringify([owner.userId, owner.plan, today, query.status, query.alertType, query.sortBy, query.sortOrder, query.q, query.client ?? null])

export const listSignature = (listed: readonly ListedVersion[]) => listed.map(({ id, version }) => `${id}@${version}`).join(',')
