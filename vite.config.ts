import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { prerenderedPages } from './scripts/vite-prerendered-pages.ts'
import { progressiveWebApp } from './scripts/vite-pwa.ts'

const apiPort = Number(process.env.API_PORT ?? 3001)

export default defineConfig(({ isSsrBuild }) => ({
  // The prerendering's server build (scripts/prerender.mjs) needs no service worker or icons.
  plugins: [react(), tailwindcss(), prerenderedPages(), ...(isSsrBuild ? [] : [progressiveWebApp()])],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // Hashed file names under /assets get a one-year immutable cache from the server.
    assetsDir: 'assets',
    sourcemap: false,
    // The server and the prerendering read .vite/manifest.json for each page's chunks.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // A feature's modules run nothing when imported (components, hooks, queries, stores), so a
        // page that takes one name from a feature's public entry (features/<name>/index.ts) does
        // not load the feature's other modules. Every other module keeps the default analysis.
        moduleSideEffects: [{ test: /[\\/]src[\\/]web[\\/]features[\\/].+\.tsx?$/, sideEffects: false }],
      },
    },
  },
  html: {
    // The server swaps this for each response's CSP nonce (src/server/http/web-app.ts).
    cspNonce: '__CSP_NONCE__',
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
}))
