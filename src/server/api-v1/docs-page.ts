import { PATHS } from '#shared/routes.ts'
import { docsAssetBase } from './docs-assets.ts'
import { OPENAPI_DOCUMENT_PATH } from './public-paths.ts'

export const DOCS_PAGE_TITLE = 'FareDrop API reference'

/**
 * The API reference page (decision 045): FareDrop's header, where to get a token, and Swagger UI
 * below. No inline script, style element or style attribute: the site's CSP (script-src and
 * style-src 'self' plus a nonce) applies here unchanged, and everything comes from our origin.
 */
export function docsPage(): string {
  const base = docsAssetBase()
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${DOCS_PAGE_TITLE}</title>
<meta name="description" content="Every call of the FareDrop API v1: alerts and flight search for your own system, with a personal API token.">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${base}/swagger-ui.css">
<link rel="stylesheet" href="${base}/docs.css">
<script src="${base}/swagger-ui-bundle.js" defer></script>
<script src="${base}/docs.js" defer></script>
</head>
<body>
<header class="fd-header">
<a class="fd-brand" href="/"><img src="/logo.svg" alt="" width="28" height="28">FareDrop</a>
<span class="fd-header-title">API reference</span>
<nav aria-label="API reference links"><a href="${OPENAPI_DOCUMENT_PATH}">OpenAPI document</a><a href="/">Back to FareDrop</a></nav>
</header>
<main>
<div class="fd-intro">
<p class="fd-token">Calls need a personal API token: create one under <a href="${PATHS.profile}#api-tokens">Profile → API tokens</a> (Unlimited plan). Then choose <strong>Authorize</strong> below and paste it to try calls from this page.</p>
</div>
<div id="swagger-ui"><noscript><p class="fd-intro">This reference needs JavaScript. The <a href="${OPENAPI_DOCUMENT_PATH}">OpenAPI document</a> describes every call.</p></noscript></div>
</main>
</body>
</html>
`
}
