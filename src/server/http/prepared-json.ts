import { gzipSync } from 'node:zlib'
import type { Context } from 'hono'
import { chooseEncoding } from './compress.ts'

/**
 * A JSON answer kept ready to send again: its text, and its gzip once a client asked for it. A
 * route that can tell its answer has not changed (alerts/alert-list-responses.ts) sends it without
 * building, serialising or compressing it again.
 */
export interface PreparedJson {
  readonly json: string
  gzip?: Uint8Array<ArrayBuffer>
}

export const prepareJson = (body: unknown): PreparedJson => ({ json: JSON.stringify(body) })

/** Sends a prepared answer, gzipped when the client takes gzip (compress() leaves an encoded body alone). */
export function sendPreparedJson(c: Context, prepared: PreparedJson): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' }
  if (chooseEncoding(c.req.header('Accept-Encoding')) !== 'gzip') return c.body(prepared.json, 200, headers)
  prepared.gzip ??= new Uint8Array(gzipSync(prepared.json))
  return c.body(prepared.gzip, 200, { ...headers, 'Content-Encoding': 'gzip' })
}
