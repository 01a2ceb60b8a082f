import { currentSubscription } from '#shared/billing.ts'
import type { Db } from '../db/client.ts'
import { userSubscriptions, type SubscriptionRow } from './subscription-store.ts'

/** The subscription the user is paying with now (the newest that entitles), or null. */
export async function findCurrentSubscription(db: Db, userId: string, now: Date): Promise<SubscriptionRow | null> {
  return currentSubscription(await userSubscriptions(db, userId), now)
}
