import type { PGlite } from '@electric-sql/pglite'
import type { Db } from './client.ts'

/**
 * Which users' rows changed, for answers kept in memory (decision 029).
 *
 * Migration 0014's triggers name the user whose session, user row, profile or alerts a committed
 * transaction wrote, on the `faredrop_changes` channel, when the connection has turned the feed on.
 * Only the embedded database turns it on: there this process is the database's only client (the
 * data directory lock), and PGlite hands a transaction's notifications to its listeners before the
 * commit's caller resumes. So every change, whoever made it (our routes, better-auth, a cascade,
 * the worker), is known here before anyone can ask again. Several processes on one PostgreSQL
 * would learn of each other's writes only some time later, so there no feed exists and every
 * request asks the database.
 *
 * A kept answer records `mark()` taken before it read the database, and is used while
 * `changedSince(user, mark)` is false.
 */
export interface ChangeFeed {
  /** The feed's position now: take it before reading what you will keep. */
  mark(): number
  /** True when a change to the user's rows was committed after `mark` (or may have been). */
  changedSince(userId: string, mark: number): boolean
}

export const CHANGES_CHANNEL = 'faredrop_changes'
/** The connection setting migration 0014's triggers look for before they notify. */
const FEED_SETTING = 'faredrop.change_feed'
/** Users remembered by name; beyond that, the oldest are forgotten and count as changed recently. */
const MAX_USERS = 100_000

export class UserChanges implements ChangeFeed {
  #position = 0
  /** The position of each remembered user's last change, oldest first. */
  #lastChange = new Map<string, number>()
  /** The newest position among forgotten users: any of them may have changed up to here. */
  #forgottenUpTo = 0

  mark(): number {
    return this.#position
  }

  changedSince(userId: string, mark: number): boolean {
    return (this.#lastChange.get(userId) ?? this.#forgottenUpTo) > mark
  }

  /** A committed change to `userId`'s rows; an empty name means "someone", so everything is stale. */
  record(userId: string): void {
    this.#position += 1
    if (userId === '') {
      this.#lastChange.clear()
      this.#forgottenUpTo = this.#position
      return
    }
    this.#lastChange.delete(userId)
    this.#lastChange.set(userId, this.#position)
    if (this.#lastChange.size > MAX_USERS) {
      const [oldest, position] = this.#lastChange.entries().next().value as [string, number]
      this.#lastChange.delete(oldest)
      this.#forgottenUpTo = position
    }
  }
}

const feeds = new WeakMap<Db, ChangeFeed>()

/** The feed of a database opened by `openDatabase`, or null where changes can't be known at once (PostgreSQL). */
export const changeFeedOf = (db: Db): ChangeFeed | null => feeds.get(db) ?? null

/**
 * Turns the triggers on for this PGlite and listens to them; call before the database serves
 * requests. `stop` ends the listening (the tests' pooled databases, which outlive one app).
 */
export async function listenToChanges(client: PGlite, db: Db): Promise<{ feed: ChangeFeed; stop: () => Promise<void> }> {
  const changes = new UserChanges()
  await client.exec(`SET ${FEED_SETTING} = 'on'`)
  const stop = await client.listen(CHANGES_CHANNEL, (userId) => changes.record(userId))
  feeds.set(db, changes)
  return { feed: changes, stop }
}
