import { Hono } from 'hono'
import type { AppMetrics } from './app-metrics.ts'
import { metricsAccess, type MetricsAccess } from './metrics-access.ts'

/** `GET /metrics`: Prometheus' text format, behind the token or loopback-only (metrics-access.ts). */
export function metricsRoutes(deps: { metrics: AppMetrics; metricsToken?: string | undefined; trustProxy: number }) {
  const access: MetricsAccess = { token: deps.metricsToken, trustProxy: deps.trustProxy }
  return new Hono().get('/metrics', metricsAccess(access), async (c) => {
    const body = await deps.metrics.render()
    return c.body(body, 200, { 'content-type': deps.metrics.contentType, 'cache-control': 'no-store' })
  })
}
