import { pruneObservations } from './prune-observations.ts'
import type { PriceCheckDeps } from './price-check-config.ts'
import { runPriceChecks } from './run-price-checks.ts'

export interface PriceCheckWorker {
  /** Finishes the cycle in flight (groups not yet started go back to the queue), then stops. */
  stop(): Promise<void>
}

const PRUNE_EVERY_MS = 60 * 60_000
/** After an unexpected error (database down), wait before trying again. */
const ERROR_PAUSE_MS = 5_000

/**
 * The price-check loop of a worker (in the web process on PGlite, `npm run worker` on PostgreSQL):
 * a cycle every PRICE_CHECK_POLL_MS, at once again after a full batch, slower while a provider
 * limit holds alerts back. `cyclesInFlight` loops run side by side, each with its own claims, so
 * one batch's database round trips overlap another's pricing. Start-up costs nothing: the first
 * cycle runs after the first pause.
 */
export function startPriceChecks(deps: PriceCheckDeps): PriceCheckWorker {
  const controller = new AbortController()
  let lastPrune = 0
  const sleepers = new Set<() => void>()
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        sleepers.delete(done)
        resolve()
      }
      sleepers.add(done)
    })

  async function loop(index: number): Promise<void> {
    // Staggered, so side-by-side loops don't claim in lockstep.
    await pause(Math.min(deps.config.pollMs, 1_000) + index * 50)
    while (!controller.signal.aborted) {
      let again = false
      try {
        const report = await runPriceChecks(deps, { signal: controller.signal })
        again = report.full && !report.deferredUntil
        if (index === 0 && Date.now() - lastPrune > PRUNE_EVERY_MS) {
          lastPrune = Date.now()
          await pruneObservations(deps.db, deps.now())
        }
      } catch (err) {
        deps.logger.error({ err }, 'price-check cycle failed; its alerts are checked again when their lease ends')
        await pause(ERROR_PAUSE_MS)
      }
      if (!again && !controller.signal.aborted) await pause(deps.config.pollMs)
    }
  }

  const loops = Promise.all(Array.from({ length: Math.max(1, deps.config.cyclesInFlight) }, (_, i) => loop(i)))

  return {
    async stop() {
      controller.abort()
      for (const wake of [...sleepers]) wake()
      await loops
    },
  }
}
