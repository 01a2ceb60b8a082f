import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { DOCS_SCRIPT, DOCS_STYLESHEET } from './docs-files.ts'

/**
 * The files of the API reference page (decision 045): Swagger UI's bundle and stylesheet from the
 * installed swagger-ui-dist (nothing else of it), and our own script and stylesheet. Served under
 * /api/v1/docs/<version>/, where the version is swagger-ui-dist's and a hash of ours, so each URL
 * always holds the same bytes and may be cached for a year.
 */

/** Where swagger-ui-dist is, found at run time: from src/ under tsx and from dist/server/main.js alike (the server bundle leaves packages in node_modules). */
const swaggerUiDir = () => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

const JAVASCRIPT = 'text/javascript; charset=utf-8'
const CSS = 'text/css; charset=utf-8'

const SOURCES: Record<string, { type: string; read: () => Promise<string> }> = {
  'swagger-ui-bundle.js': { type: JAVASCRIPT, read: () => readFile(path.join(swaggerUiDir(), 'swagger-ui-bundle.js'), 'utf8') },
  // Without its source-map comment: the map is not served, and a browser's tools would ask for it.
  'swagger-ui.css': { type: CSS, read: async () => (await readFile(path.join(swaggerUiDir(), 'swagger-ui.css'), 'utf8')).replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '') },
  'docs.js': { type: JAVASCRIPT, read: async () => DOCS_SCRIPT },
  'docs.css': { type: CSS, read: async () => DOCS_STYLESHEET },
}

export const DOCS_FILE_NAMES = Object.keys(SOURCES)

let version: string | undefined
/** "5.35.0-1a2b3c4d": swagger-ui-dist's version and the first 8 hex digits of our files' SHA-256. */
export function docsAssetVersion(): string {
  if (version === undefined) {
    const installed = (JSON.parse(readFileSync(path.join(swaggerUiDir(), 'package.json'), 'utf8')) as { version: string }).version
    const ours = createHash('sha256').update(DOCS_SCRIPT).update(DOCS_STYLESHEET).digest('hex').slice(0, 8)
    version = `${installed}-${ours}`
  }
  return version
}

/** The folder the page's files are served from, with their version. */
export const docsAssetBase = () => `/api/v1/docs/${docsAssetVersion()}`

export interface DocsAsset {
  type: string
  body: Buffer
  /** The same, gzipped once (the bundle is 1.7 MB; gzip takes it to about a third). */
  gzipped: Buffer
}

const gzipAsync = promisify(gzip)
const loaded = new Map<string, Promise<DocsAsset>>()

/** A file by name, read and compressed on first use and kept; undefined for any other name. */
export function loadDocsAsset(name: string): Promise<DocsAsset> | undefined {
  const source = Object.hasOwn(SOURCES, name) ? SOURCES[name] : undefined
  if (!source) return undefined
  let asset = loaded.get(name)
  if (!asset) {
    asset = (async () => {
      const body = Buffer.from(await source.read())
      return { type: source.type, body, gzipped: await gzipAsync(body, { level: 9 }) }
    })()
    // A failed read is tried again on the next request rather than kept.
    asset.catch(() => loaded.delete(name))
    loaded.set(name, asset)
  }
  return asset
}
