import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'

/**
 * An exclusive lock on a PGlite data directory. Two processes opening one PGlite directory
 * corrupt it, and PGlite has no lock of its own. The lock file names its owner's pid; a lock
 * whose owner is gone (crash, kill -9) is taken over at once, so a restart never waits.
 * See docs/decisions/004-pglite-data-dir-lock.md.
 */

export class DataDirLockedError extends Error {
  constructor(dataDir: string, owner: LockOwner) {
    super(
      `The data directory ${dataDir} is in use by another FareDrop process (pid ${owner.pid} on ${owner.hostname}, ` +
        `since ${owner.startedAt}). Opening it twice would corrupt the embedded database. ` +
        'Stop that process first, set DATA_DIR to another directory, or set DATABASE_URL to share one PostgreSQL.',
    )
    this.name = 'DataDirLockedError'
  }
}

interface LockOwner {
  pid: number
  hostname: string
  startedAt: string
}

function isZombie(pid: number): boolean {
  try {
    // Linux: the state is the field after the parenthesised command name.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')
  } catch {
    return false
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  // A killed process that its parent has not reaped yet still answers signal 0.
  return !isZombie(pid)
}

function readOwner(lockPath: string): LockOwner | null {
  try {
    return JSON.parse(readFileSync(lockPath, 'utf8')) as LockOwner
  } catch {
    return null
  }
}

export interface DataDirLock {
  release(): void
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true })
  const lockPath = path.join(dataDir, 'faredrop.lock')
  const me: LockOwner = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() }
  const body = JSON.stringify(me)

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, body, { flag: 'wx' })
      const release = () => {
        if (readOwner(lockPath)?.pid === me.pid) unlinkSync(lockPath)
        process.off('exit', release)
      }
      // A normal exit that skipped close() still frees the directory.
      process.on('exit', release)
      return { release }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = readOwner(lockPath)
      const sameHost = owner?.hostname === me.hostname
      if (owner && (!sameHost || isAlive(owner.pid))) {
        throw new DataDirLockedError(dataDir, owner)
      }
      // Stale lock from a process that died: take it over.
      try {
        unlinkSync(lockPath)
      } catch {
        // Someone else removed it first; the next attempt decides.
      }
    }
  }
  const owner = readOwner(lockPath)
  throw new DataDirLockedError(dataDir, owner ?? { pid: -1, hostname: 'unknown', startedAt: 'unknown' })
}
