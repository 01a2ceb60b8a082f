/**
 * The API reference page's own script and stylesheet (decision 045). Files, not inline code: the
 * page runs under the site's CSP, which allows scripts and styles from our origin only. Kept as
 * strings so the bundled server (scripts/build-server.mjs) carries them; the asset URL holds a hash
 * of both (docs-assets.ts), so browsers may cache them for a year.
 */

/** Starts Swagger UI on the document. `defer`red after swagger-ui-bundle.js, so SwaggerUIBundle exists. */
export const DOCS_SCRIPT = `'use strict';
// FareDrop API reference: Swagger UI on the API v1 OpenAPI document.
window.ui = SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  deepLinking: true,
  tryItOutEnabled: false,
  persistAuthorization: false,
  displayRequestDuration: true,
  // No badge fetched from swagger.io: the page talks to our origin only.
  validatorUrl: null
});
`

/** FareDrop's header and colours around Swagger UI's own stylesheet, and its layout on phones. */
export const DOCS_STYLESHEET = `:root {
  --fd-primary: #1d4ed8;
  --fd-text: #0f172a;
  --fd-muted: #475569;
  --fd-border: #e2e8f0;
  --fd-tint: #eff6ff;
  --fd-tint-border: #bfdbfe;
  --fd-font: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif;
}
* { box-sizing: border-box; }
body { margin: 0; background: #fff; color: var(--fd-text); font-family: var(--fd-font); }
a { color: var(--fd-primary); }
a:focus-visible { outline: 2px solid var(--fd-primary); outline-offset: 2px; border-radius: 2px; }

.fd-header { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; padding: 12px 20px; border-bottom: 1px solid var(--fd-border); }
.fd-brand { display: inline-flex; align-items: center; gap: 8px; color: var(--fd-text); font-size: 18px; font-weight: 700; text-decoration: none; }
.fd-brand img { display: block; }
.fd-header-title { color: var(--fd-muted); font-size: 15px; }
.fd-header nav { display: flex; flex-wrap: wrap; gap: 8px 20px; margin-left: auto; font-size: 14px; }
.fd-header nav a { display: inline-block; padding: 6px 0; text-decoration: none; }
.fd-header nav a:hover { text-decoration: underline; }

.fd-intro { max-width: 1460px; margin: 0 auto; padding: 20px 20px 0; }
.fd-token { margin: 0; padding: 12px 16px; border: 1px solid var(--fd-tint-border); border-radius: 8px; background: var(--fd-tint); font-size: 14px; line-height: 1.5; }

.swagger-ui, .swagger-ui .info .title, .swagger-ui .opblock-tag, .swagger-ui .opblock .opblock-summary-description { font-family: var(--fd-font); }
.swagger-ui .info { margin: 24px 0; }
.swagger-ui .scheme-container { box-shadow: none; border-top: 1px solid var(--fd-border); border-bottom: 1px solid var(--fd-border); }
.swagger-ui .btn.authorize { border-color: var(--fd-primary); color: var(--fd-primary); }
.swagger-ui .btn.authorize svg { fill: var(--fd-primary); }
/* The API declares no OpenAPI links: the column would say "No links" under every answer. */
.swagger-ui .response-col_links { display: none; }

@media (max-width: 640px) {
  .fd-header { padding: 10px 16px; }
  .fd-header nav { margin-left: 0; width: 100%; }
  .fd-intro { padding: 16px 16px 0; }
  .swagger-ui .wrapper { padding: 0 16px; }
  .swagger-ui .info .title { font-size: 28px; }
  .swagger-ui .scheme-container .schemes { flex-wrap: wrap; gap: 12px; }
  .swagger-ui .opblock-tag { font-size: 20px; }
  .swagger-ui .opblock .opblock-summary { flex-wrap: wrap; }
  .swagger-ui .opblock .opblock-summary-path { flex: 1 1 auto; max-width: 100%; word-break: break-all; }
  .swagger-ui .opblock .opblock-summary-description { flex-basis: 100%; padding: 4px 0 0; }
  .swagger-ui .opblock-body pre.microlight, .swagger-ui table { font-size: 12px; }
  /* Examples scroll sideways in their box rather than breaking JSON mid-word; the tables holding
     them keep to the screen's width (a fixed layout, or a cell grows to its longest line). */
  .swagger-ui .highlight-code > .microlight, .swagger-ui .highlight-code > .microlight code { white-space: pre !important; word-break: normal; overflow-wrap: normal; }
  .swagger-ui table.responses-table, .swagger-ui table.parameters { table-layout: fixed; width: 100%; }
  .swagger-ui .responses-table .response-col_status { width: 52px; }
  .swagger-ui table.parameters .parameters-col_name { width: 38%; }
  .swagger-ui .parameters-col_description { width: auto; }
}
`
