import { DOCS_FILE_NAMES, docsAssetBase } from './docs-assets.ts'

/** The API reference's own paths (decision 045). */
export const OPENAPI_DOCUMENT_PATH = '/api/v1/openapi.json'
export const DOCS_PAGE_PATH = '/api/v1/docs'

let docsFiles: ReadonlySet<string> | undefined

/**
 * Whether the token door (api-tokens/api-token-access.ts) lets a request through without a
 * token: reading the OpenAPI document, the docs page or one of its files, by their exact paths
 * and nothing else (no prefix, no pattern), so no spelling of another v1 path can pass for one.
 */
export function isPublicApiV1Path(method: string, path: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false
  if (path === OPENAPI_DOCUMENT_PATH || path === DOCS_PAGE_PATH) return true
  if (!path.startsWith(`${DOCS_PAGE_PATH}/`)) return false
  docsFiles ??= new Set(DOCS_FILE_NAMES.map((name) => `${docsAssetBase()}/${name}`))
  return docsFiles.has(path)
}
