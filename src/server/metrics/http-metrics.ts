import type { Context, MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import { Histogram, type Registry } from 'prom-client'

/** Methods kept as they are; anything else a client invents counts as "OTHER". */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** Up to the flight provider's 30 s timeout: searches are slow, the hot path is milliseconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

/**
 * The route template that answered (`/api/alerts/:id`), never the path itself, so the number of
 * series stays bounded whatever clients ask for. Read after the request ran: Hono's route index
 * then points at the handler (or middleware) that answered. A 404 from a wildcard (the `/api/*`
 * catch-all, the web app's static files) or from no route at all is "unmatched".
 */
export function routeLabel(c: Context): string {
  let template = ''
  try {
    template = routePath(c)
  } catch {
    // No match result at all (a request that never reached the router).
  }
  if (template === '' || (c.res.status === 404 && template.includes('*'))) return 'unmatched'
  return template
}

export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'OTHER'
}

export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`
}

/** `faredrop_http_request_duration_seconds{method, route, status_class}` on the app's registry. */
export function httpDurationHistogram(registry: Registry) {
  return new Histogram({
    name: 'faredrop_http_request_duration_seconds',
    help: 'HTTP request duration by method, route template and status class (2xx, 4xx, 5xx).',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: BUCKETS,
    registers: [registry],
  })
}

/** Times every request, errors included (the error handler has set the response by the time `next` returns). */
export function recordHttpDurations(histogram: ReturnType<typeof httpDurationHistogram>): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    try {
      await next()
    } finally {
      histogram.observe(
        { method: methodLabel(c.req.method), route: routeLabel(c), status_class: statusClass(c.res.status) },
        (performance.now() - started) / 1000,
      )
    }
  }
}
