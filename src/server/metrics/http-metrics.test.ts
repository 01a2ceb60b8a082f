import { Hono } from 'hono'
import { Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { httpDurationHistogram, methodLabel, recordHttpDurations, statusClass } from './http-metrics.ts'

describe('HTTP duration histogram', () => {
  it('labels a request by the template of the route that answered, "unmatched" for wildcards that found nothing', async () => {
    const histogram = httpDurationHistogram(new Registry())
    const app = new Hono()
    app.use(recordHttpDurations(histogram))
    const items = new Hono()
    items.use('*', async (_c, next) => next())
    items.get('/:id', (c) => (c.req.param('id') === 'gone' ? c.json({}, 404) : c.json({})))
    app.route('/api/items', items)
    app.all('/api/*', (c) => c.json({}, 404))
    app.get('/assets/*', (c) => c.text('file'))

    for (const path of ['/api/items/1', '/api/items/2', '/api/items/gone', '/api/other/thing', '/elsewhere', '/assets/a.js']) await app.request(path)
    await app.request('/api/items/3', { method: 'BREW' })

    const counts = (await histogram.get()).values
      .filter((v) => v.metricName === 'faredrop_http_request_duration_seconds_count')
      .map((v) => `${v.labels.method} ${v.labels.route} ${v.labels.status_class} ${v.value}`)
    expect(counts.sort()).toEqual(
      ['GET /api/items/:id 2xx 2', 'GET /api/items/:id 4xx 1', 'GET unmatched 4xx 2', 'GET /assets/* 2xx 1', 'OTHER unmatched 4xx 1'].sort(),
    )
  })

  it('bounds methods and statuses to a few values', () => {
    expect(methodLabel('PATCH')).toBe('PATCH')
    expect(methodLabel('PROPFIND')).toBe('OTHER')
    expect(statusClass(204)).toBe('2xx')
    expect(statusClass(503)).toBe('5xx')
  })
})
