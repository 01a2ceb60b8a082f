import { PATHS } from '../../shared/routes.ts'

/**
 * The public pages rendered to HTML at build time (scripts/prerender.mjs), by the module that
 * renders them (decision 019). A visitor without a session cookie gets that HTML, painted before
 * any script runs; each module also gets its own entry (scripts/vite-prerendered-pages.ts) that
 * brings it along with the app, so the page hydrates as soon as its entry runs. Read by the Vite
 * config too: no imports beyond shared constants.
 */
export const PRERENDERED_PAGES: readonly { name: string; module: string; paths: readonly string[] }[] = [
  { name: 'landing', module: 'src/web/routes/landing.tsx', paths: [PATHS.landing, PATHS.home] },
  { name: 'about', module: 'src/web/routes/static/about.tsx', paths: [PATHS.about] },
  { name: 'faq', module: 'src/web/routes/static/faq.tsx', paths: [PATHS.faq] },
  { name: 'privacy', module: 'src/web/routes/static/privacy.tsx', paths: [PATHS.privacy] },
  { name: 'terms', module: 'src/web/routes/static/terms.tsx', paths: [PATHS.terms] },
  { name: 'cookies', module: 'src/web/routes/static/cookies.tsx', paths: [PATHS.cookies] },
  { name: 'contact', module: 'src/web/routes/static/contact.tsx', paths: [PATHS.contact] },
]
