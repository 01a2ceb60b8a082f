import { gunzipSync, inflateSync } from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { compress } from './compress.ts'

const LIST = { alerts: Array.from({ length: 40 }, (_, i) => ({ id: i, name: `Alert ${i}`, prices: [100 + i, 101 + i] })) }
const BIG = 'x'.repeat(600 * 1024)

function app() {
  const app = new Hono()
  app.use(compress())
  app.get('/list', (c) => c.json(LIST))
  app.get('/big', (c) => c.text(BIG))
  app.get('/no-transform', (c) => c.json(LIST, 200, { 'Cache-Control': 'no-transform' }))
  app.get('/encoded', (c) => c.body('already', 200, { 'Content-Encoding': 'br', 'Content-Type': 'text/plain' }))
  app.get('/image', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }))
  app.get('/tagged', (c) => c.json(LIST, 200, { ETag: '"v1"' }))
  return app
}
const get = (path: string, acceptEncoding?: string, method = 'GET') =>
  app().request(path, { method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } })

describe('compress', () => {
  it('gzips what a browser accepts, with the same JSON inside', async () => {
    const res = await get('/list', 'gzip, deflate, br, zstd')
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(LIST)
  })

  it('follows the client’s preference: deflate when it ranks first, nothing when it accepts neither', async () => {
    const res = await get('/list', 'gzip;q=0.5, deflate')
    expect(res.headers.get('content-encoding')).toBe('deflate')
    expect(JSON.parse(inflateSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(LIST)
    for (const header of [undefined, 'br', 'identity']) {
      const plain = await get('/list', header)
      expect(plain.headers.get('content-encoding')).toBeNull()
      expect(await plain.json()).toEqual(LIST)
    }
  })

  it('compresses large bodies too (off the event loop)', async () => {
    const res = await get('/big', 'gzip')
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(BIG)
  })

  it('leaves alone what must not or need not be compressed', async () => {
    expect((await get('/no-transform', 'gzip')).headers.get('content-encoding')).toBeNull()
    expect((await get('/encoded', 'gzip')).headers.get('content-encoding')).toBe('br')
    expect((await get('/image', 'gzip')).headers.get('content-encoding')).toBeNull()
    expect((await get('/list', 'gzip', 'HEAD')).headers.get('content-encoding')).toBeNull()
  })

  it('weakens an ETag, since the bytes sent are no longer the bytes tagged', async () => {
    expect((await get('/tagged', 'gzip')).headers.get('etag')).toBe('W/"v1"')
  })
})
