import { collectDefaultMetrics, Registry } from 'prom-client'

let processRegistry: Registry | undefined

/**
 * prom-client's default metrics (CPU, memory, heap, event-loop lag, GC, handles, file
 * descriptors): facts about the process, so one registry per process, shared by every app it
 * builds. Created with the first app (at start-up in production, so the CPU and GC counters start
 * there too): `collectDefaultMetrics` starts an event-loop monitor and a GC observer, which the
 * many apps a test run builds should not each start again.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}
