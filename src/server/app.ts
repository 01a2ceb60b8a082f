import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { compress } from 'hono/compress'
import { requestId } from 'hono/request-id'
import type { Db } from './db/client.ts'
import type { Drivers } from './drivers.ts'
import { AppError } from './lib/app-error.ts'
import type { Logger } from './lib/logger.ts'
import { createErrorHandler } from './http/error-handler.ts'
import { securityHeaders } from './http/security-headers.ts'
import { createWebApp } from './http/web-app.ts'
import { systemRoutes } from './system/routes.ts'

export interface AppDeps {
  db: Db
  logger: Logger
  version: string
  drivers: Drivers
  bodyLimitBytes: number
  httpsOnly: boolean
  /** Built web app to serve; omitted by API-only tests. */
  webDistDir?: string
  now: () => Date
}

export function createApp(deps: AppDeps) {
  const app = new Hono()

  app.use(requestId())
  app.use(async (c, next) => {
    const started = performance.now()
    await next()
    const isApi = c.req.path.startsWith('/api/')
    deps.logger[isApi || c.res.status >= 500 ? 'info' : 'debug'](
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    )
  })
  app.use(securityHeaders({ httpsOnly: deps.httpsOnly }))
  app.use(compress())
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: deps.bodyLimitBytes,
      onError: () => {
        throw new AppError('payload_too_large', `Request body is larger than ${deps.bodyLimitBytes} bytes.`)
      },
    }),
  )

  app.route('/api', systemRoutes(deps))
  app.all('/api/*', (c) => {
    throw new AppError('not_found', `No API endpoint ${c.req.method} ${c.req.path}.`)
  })
  if (deps.webDistDir) app.route('/', createWebApp({ distDir: deps.webDistDir }))

  app.onError(createErrorHandler(deps.logger))
  return app
}

export type App = ReturnType<typeof createApp>
