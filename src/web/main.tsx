import { startApp } from './app/start-app.tsx'

// The entry of every page that was not prerendered (prerendered pages start through their own
// entry, which brings the page's module along: scripts/vite-prerendered-pages.ts).
startApp()
