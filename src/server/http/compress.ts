import { promisify } from 'node:util'
import { deflate, deflateSync, gzip, gzipSync } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { parseAccept } from 'hono/utils/accept'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress'

const ENCODERS = {
  gzip: { sync: gzipSync, async: promisify(gzip) },
  deflate: { sync: deflateSync, async: promisify(deflate) },
}
type Encoding = keyof typeof ENCODERS
const THRESHOLD_BYTES = 1024
/** Bodies up to this size are compressed on the event loop (a 64 KB alert list takes ~0.2 ms); larger ones on the thread pool. */
const SYNC_LIMIT_BYTES = 256 * 1024
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i
const VARIES_ON_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i

/** The client's preferred encoding we can produce (gzip first on a tie), as Hono's compress picks it. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (acceptEncoding === undefined) return undefined
  const accepts = parseAccept(acceptEncoding)
  const wildcard = accepts.find((a) => a.type === '*')?.q
  let best: { encoding: Encoding; q: number } | undefined
  for (const encoding of Object.keys(ENCODERS) as Encoding[]) {
    const q = accepts.find((a) => a.type.toLowerCase() === encoding)?.q ?? wildcard ?? 0
    if (q === 1) return encoding
    if (q > 0 && (!best || q > best.q)) best = { encoding, q }
  }
  return best?.encoding
}

/**
 * Hono's `compress()` rules (which responses, which encoding, Vary, weak ETags), but the body is
 * compressed in one zlib call instead of through a CompressionStream: our bodies are small and
 * already in memory (large static files are served pre-compressed), and the stream cost several
 * times the CPU per response (decision 020, `npm run bench:api`).
 */
export function compress(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    const length = res.headers.get('Content-Length')
    const type = res.headers.get('Content-Type')
    const cacheControl = res.headers.get('Cache-Control')
    if (
      res.status === 206 ||
      res.headers.has('Content-Encoding') ||
      res.headers.has('Transfer-Encoding') ||
      c.req.method === 'HEAD' ||
      (length && Number(length) < THRESHOLD_BYTES) ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      (cacheControl && NO_TRANSFORM.test(cacheControl))
    ) {
      return
    }
    const vary = res.headers.get('Vary')
    if (vary !== '*' && !(vary && VARIES_ON_ENCODING.test(vary))) c.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'))
    if (!encoding || !res.body) return
    const plain = new Uint8Array(await res.arrayBuffer())
    const encoder = ENCODERS[encoding]
    const body = plain.byteLength <= SYNC_LIMIT_BYTES ? encoder.sync(plain) : await encoder.async(plain)
    c.res = new Response(body, res)
    c.res.headers.delete('Content-Length')
    c.res.headers.set('Content-Encoding', encoding)
    const etag = c.res.headers.get('ETag')
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`)
  }
}
