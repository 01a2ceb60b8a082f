import type { Db } from '../db/client.ts'
import type { Clock } from '../lib/clock.ts'
import type { Logger } from '../lib/logger.ts'
import { claimScheduledRun } from './scheduled-task.ts'

/** A job that runs every `everyMs`, in one worker process of however many run. */
export interface PeriodicTask {
  name: string
  everyMs: number
  run(): Promise<unknown>
}

export const TICK_MS = 60_000

export interface PeriodicTasks {
  stop(): Promise<void>
}

/**
 * Runs periodic tasks (decision 022): every minute each task whose period has passed is claimed
 * through `scheduled_task_runs` (so one process of many runs it, and a restart doesn't run it
 * again early) and run; a failure is logged and the next period tries again. Ticks never overlap.
 */
export function startPeriodicTasks(deps: { db: Db; now: Clock; logger: Logger }, tasks: readonly PeriodicTask[], tickMs = TICK_MS): PeriodicTasks {
  let running: Promise<void> = Promise.resolve()
  let stopped = false
  const tick = async () => {
    for (const task of tasks) {
      if (stopped) return
      try {
        // Half a tick of slack, so a timer firing a little early still finds the period over.
        if (!(await claimScheduledRun(deps.db, task.name, Math.max(0, task.everyMs - tickMs / 2), deps.now()))) continue
        const result = await task.run()
        deps.logger.debug({ task: task.name, result }, 'periodic task done')
      } catch (err) {
        deps.logger.error({ err, task: task.name }, 'periodic task failed; it runs again next period')
      }
    }
  }
  const timer = setInterval(() => {
    running = running.then(tick)
  }, tickMs)
  timer.unref()
  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
