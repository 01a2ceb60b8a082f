// Runs after `vite build` (npm run build): renders the public pages of PRERENDERED_PAGES to HTML for
// visitors without a session, so their first paint needs no JavaScript (decision 019). Writes
// dist/web/.prerendered/<page>.html and pages.json, which the server reads
// (src/server/http/web-app.ts); `__CSP_NONCE__` stays for the server to fill in per response.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { pageLoaderScript } from './page-loader.mjs'

const WEB_DIR = 'dist/web'
const OUT_DIR = path.join(WEB_DIR, '.prerendered')
const SSR_DIR = 'dist/prerender'
const NONCE = '__CSP_NONCE__'
const PAGE_ENTRY = 'virtual:page-entry/'

await build({ logLevel: 'warn', build: { ssr: 'src/web/prerender.tsx', outDir: SSR_DIR, emptyOutDir: true, copyPublicDir: false } })
const { renderPage, PRERENDERED_PAGES } = await import(pathToFileURL(path.resolve(SSR_DIR, 'prerender.js')).href)

const template = readFileSync(path.join(WEB_DIR, 'index.html'), 'utf8')
const manifest = JSON.parse(readFileSync(path.join(WEB_DIR, '.vite/manifest.json'), 'utf8'))

/** The files an entry loads before it runs: its chunk's static imports, recursively, and their CSS. */
function staticGraph(key, files = { js: [], css: [] }) {
  const chunk = manifest[key]
  if (!chunk) throw new Error(`prerender: ${key} is not in the Vite manifest`)
  for (const dep of chunk.imports ?? []) {
    if (!files.js.includes(manifest[dep].file)) {
      files.js.push(manifest[dep].file)
      staticGraph(dep, files)
    }
  }
  for (const css of chunk.css ?? []) if (!files.css.includes(css)) files.css.push(css)
  return files
}

/**
 * The shell's page for a prerendered page: its title and stylesheets in the head, its HTML in #root,
 * and at the end of the body the inline script that loads its entry after the first paint
 * (scripts/page-loader.mjs), in place of the shell's entry script and preloads.
 */
function documentFor(entryKey, { title, hoisted, body }) {
  const { js, css } = staticGraph(entryKey)
  const head = [...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" nonce="${NONCE}">`), hoisted]
  const loader = pageLoaderScript(`/${manifest[entryKey].file}`, js.map((file) => `/${file}`), NONCE)
  return template
    .replace(/\s*<script type="module"[^>]*><\/script>/, '')
    .replace(/\s*<link rel="(modulepreload|stylesheet)"[^>]*>/g, '')
    .replace(/<title>[^<]*<\/title>/, title)
    .replace('</head>', `  ${head.filter(Boolean).join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`)
    .replace('</body>', `  ${loader}\n  </body>`)
}

/**
 * React writes what it hoists (the page's <title>, image preloads) first; they go into <head>. A
 * style attribute would be refused by the CSP (no 'unsafe-inline'), so they must not be there: the
 * custom properties Radix puts on accordion content (`--radix-…`, read by no style of ours, see
 * components/ui/accordion.tsx) are dropped, and any other style attribute fails the build.
 */
function splitRendered(html, pagePath) {
  const hoisted = /^(?:<(?:title>[^<]*<\/title|link [^>]*|meta [^>]*)>)*/.exec(html)[0]
  let body = html.slice(hoisted.length)
  body = body.replace(/ style="(--[\w-]+:[^;"]*;?)+"/g, '')
  const styled = / style="[^"]*"/.exec(body)
  if (styled) throw new Error(`prerender: ${pagePath} has a style attribute the CSP refuses: ${styled[0]}`)
  if (/<script/.test(body)) throw new Error(`prerender: ${pagePath} has an inline script: something suspended while prerendering`)
  const title = /<title>[^<]*<\/title>/.exec(hoisted)?.[0] ?? /<title>[^<]*<\/title>/.exec(template)[0]
  return { title, hoisted: hoisted.replace(title, ''), body }
}

mkdirSync(OUT_DIR, { recursive: true })
const pages = {}
for (const page of PRERENDERED_PAGES) {
  const entryKey = `${PAGE_ENTRY}${page.module}`
  for (const pagePath of page.paths) {
    const file = pagePath === '/' ? 'index.html' : `${pagePath.slice(1).replaceAll('/', '-')}.html`
    const html = documentFor(entryKey, splitRendered(await renderPage(pagePath), pagePath))
    writeFileSync(path.join(OUT_DIR, file), html)
    const { js, css } = staticGraph(entryKey)
    const shellFiles = new Set(staticGraph('index.html').js)
    pages[pagePath] = {
      html: file,
      // What the page loads on a first visit (scripts/bench-web.mjs measures it).
      entry: manifest[entryKey].file,
      modules: js,
      css,
      // For a signed-in visitor the server sends the shell instead, preloading the page's own chunks.
      preload: js.filter((f) => !shellFiles.has(f)),
    }
  }
}
writeFileSync(path.join(OUT_DIR, 'pages.json'), `${JSON.stringify(pages, null, 2)}\n`)
console.log(`prerendered ${Object.keys(pages).length} pages to ${OUT_DIR}`)
