// `npm run bench:calendar`: how long the price calendar takes to open after a click, on a
// mid-range phone profile (Chromium's CPU throttled 4×), issue 16's "≤ 100 ms". Uses the built app
// (`npm run build` first), started on a throwaway embedded database on 127.0.0.1.
//
// Three pages: the search page at 375 px (where a traveller first picks dates), and a round-trip
// results page (24 cards behind the dialog) at 375 px and at 1280 px. Each run loads the page,
// hovers the calendar button (it fetches the month's fares, as a real pointer or focus does),
// throttles the CPU, clicks, and measures from the click event's time stamp:
// - "frame": the end of the first frame that holds the dialog's days (Long Animation Frames API:
//   the main thread's style, layout and paint of that frame done), the figure held against 100 ms;
// - "event": the click's Event Timing duration (INP's measure), which adds the compositor's
//   presentation: software raster here (no GPU), so it reads higher than on a phone.
// RUNS (default 9) runs per page; the median and the worst are printed.
/* global window, document, MutationObserver -- watchOpening and the evaluate callbacks run in the page */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const PORT = Number(process.env.BENCH_PORT ?? 3391)
const RUNS = Number(process.env.RUNS ?? 9)
const BASE = `http://127.0.0.1:${PORT}`
const THROTTLE = 4

if (!existsSync('dist/server/main.js')) {
  console.error('Build first: npm run build')
  process.exit(1)
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'faredrop-bench-calendar-'))
const server = spawn('node', ['dist/server/main.js'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', CAPTCHA_PROVIDER: 'none', LOG_LEVEL: 'warn', PUBLIC_URL: BASE, FLIGHT_REQUESTS_PER_MINUTE: '1000000' },
  stdio: 'inherit',
})
const stop = () => {
  server.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}
process.on('exit', stop)
for (let i = 0; ; i++) {
  if (await fetch(`${BASE}/api/health`).then((r) => r.ok).catch(() => false)) break
  if (i > 120) throw new Error('the server did not start')
  await new Promise((resolve) => setTimeout(resolve, 250))
}

const inDays = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const RESULTS = `/search?trip=round-trip&from=JFK&to=LHR&depart=${inDays(40)}&return=${inDays(47)}`
const PAGES = [
  { name: 'search page, 375 px', width: 375, height: 800, url: '/search' },
  { name: 'round-trip results, 375 px', width: 375, height: 800, url: RESULTS, results: true },
  { name: 'round-trip results, 1280 px', width: 1280, height: 900, url: RESULTS, results: true },
]

/** Installed in the page before the click: the click's time stamp, the dialog's days appearing, frames and events. */
function watchOpening() {
  const seen = { frames: [], events: [] }
  window.__opening = seen
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.frames.push({ end: entry.startTime + entry.duration, renderStart: entry.renderStart })
  }).observe({ type: 'long-animation-frame' })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'click') seen.events.push(entry.duration)
  }).observe({ type: 'event', durationThreshold: 16 })
  document.addEventListener('click', (event) => (seen.click = event.timeStamp), { capture: true, once: true })
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[role=dialog] [data-date]')) return
    seen.days = performance.now()
    observer.disconnect()
  }).observe(document.body, { childList: true, subtree: true })
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const browser = await chromium.launch({ executablePath: CHROMIUM })
console.log(`Price calendar opening, ${THROTTLE}× CPU throttling, ${RUNS} runs per page (${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version})`)
try {
  for (const page of PAGES) {
    const tab = await browser.newPage({ viewport: { width: page.width, height: page.height } })
    const cdp = await tab.context().newCDPSession(tab)
    const frames = []
    const events = []
    for (let run = 0; run < RUNS; run++) {
      await tab.goto(`${BASE}${page.url}`)
      if (page.results) await tab.getByRole('heading', { name: /^Choose your outbound/ }).waitFor()
      // On a phone the results keep the search form behind "Edit search".
      const edit = tab.getByRole('button', { name: /^Edit search/ })
      if (await edit.isVisible()) await edit.click()
      const opener = tab.getByRole('button', { name: /^Choose departure date/ })
      await opener.hover()
      await tab.waitForTimeout(600)
      await tab.evaluate(watchOpening)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE })
      await opener.click()
      await tab.getByRole('dialog').locator('[data-date]').first().waitFor()
      await tab.waitForTimeout(1000)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
      const seen = await tab.evaluate(() => window.__opening)
      const frame = seen.frames.find((f) => f.renderStart >= seen.days)
      if (frame) frames.push(frame.end - seen.click)
      if (seen.events.length > 0) events.push(seen.events[0])
      await tab.keyboard.press('Escape')
    }
    const ms = (value) => `${Math.round(value)} ms`
    console.log(
      `  ${page.name.padEnd(28)} frame painted: median ${ms(median(frames))}, worst ${ms(Math.max(...frames))} (${frames.length} runs); click event: median ${ms(median(events))}, worst ${ms(Math.max(...events))}`,
    )
    await tab.close()
  }
} finally {
  await browser.close()
  stop()
}
