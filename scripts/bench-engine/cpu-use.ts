// CPU seconds of a bench:engine run, split by where they were spent (Linux /proc). The two-worker
// goal (issue 17) is about how the work shares two cores, so the report shows, besides the wall
// time, each worker's main (JavaScript) thread, its other threads (V8's GC and compiler, libuv),
// and PostgreSQL (the postmaster with its reaped backends and background processes).
import { readFileSync } from 'node:fs'

const TICKS_PER_SECOND = 100 // USER_HZ on Linux

/** utime + stime (+ cutime + cstime: children already reaped) of one /proc stat line, in seconds. */
function statSeconds(file: string, withChildren: boolean): number {
  // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
  const text = readFileSync(file, 'utf8')
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  // fields[0] is the state (field 3): utime is field 14 → index 11.
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number) as [number, number, number, number]
  return (utime + stime + (withChildren ? cutime + cstime : 0)) / TICKS_PER_SECOND
}

/** This process's CPU so far: all threads, and the main thread alone. */
export function processCpu(): { total: number; main: number } {
  const { user, system } = process.cpuUsage()
  return { total: (user + system) / 1e6, main: statSeconds(`/proc/self/task/${process.pid}/stat`, false) }
}

/**
 * PostgreSQL's CPU so far: the postmaster with every child it has reaped, plus the children alive
 * now (backends, autovacuum, WAL writer, checkpointer). Null where the cluster is not ours.
 */
export function postgresCpu(postmasterPid: number | null): number | null {
  if (postmasterPid === null) return null
  let seconds = statSeconds(`/proc/${postmasterPid}/stat`, true)
  const children = readFileSync(`/proc/${postmasterPid}/task/${postmasterPid}/children`, 'utf8').trim()
  for (const pid of children ? children.split(' ') : []) {
    try {
      seconds += statSeconds(`/proc/${pid}/stat`, true)
    } catch {
      // exited between the listing and the read: its time is in the postmaster's cutime now
    }
  }
  return seconds
}

/** Every CPU second this machine spent (all processes, idle excluded), from /proc/stat. */
export function machineCpu(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number) as number[]
  return (user! + nice! + system! + irq! + softirq! + steal!) / TICKS_PER_SECOND
}

export interface CpuFigures {
  wallSeconds: number
  /** Each worker's own time from 'go' to its last empty claim. */
  workerWallSeconds: number[]
  workerMain: number
  workerOther: number
  postgres: number | null
  machine: number
}

export function printCpu(cpu: CpuFigures): void {
  const pg = cpu.postgres ?? 0
  const known = cpu.workerMain + cpu.workerOther + pg
  const cores = (s: number) => `${s.toFixed(1)} s (${(s / cpu.wallSeconds).toFixed(2)} cores)`
  console.log(`  each worker's cycle            ${cpu.workerWallSeconds.map((s) => `${s.toFixed(1)} s`).join(', ')}`)
  console.log('  CPU during the cycle:')
  console.log(`    worker main threads     ${cores(cpu.workerMain)}`)
  console.log(`    worker other threads    ${cores(cpu.workerOther)}  (GC, compiler, libuv)`)
  if (cpu.postgres !== null) console.log(`    PostgreSQL              ${cores(pg)}`)
  console.log(`    everything else         ${cores(Math.max(0, cpu.machine - known))}  (this script, other processes)`)
  console.log(`    machine                 ${cores(cpu.machine)}`)
}
