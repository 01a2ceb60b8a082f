/* global document, window, location, requestAnimationFrame, Element */

/**
 * Runs in the browser, inline at the end of a prerendered page (scripts/prerender.mjs). The page is
 * painted from its HTML; its scripts start after that first frame, so on a slow connection the
 * stylesheet never shares the bandwidth with them (decision 019). Meanwhile a click on a button or
 * on a link within the app is kept and replayed once the app has hydrated (start-app.tsx), instead
 * of being lost or reloading the page; if the scripts fail to load, the last kept link is followed.
 * Links to other sites, mail links and clicks with a modifier key go on as usual.
 */
function loadPage(entry, modules) {
  var kept = []
  function keep(event) {
    var target = event.target instanceof Element ? event.target.closest('button, a[href^="/"]:not([target]), a[href^="#"]') : null
    if (!target || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    event.stopPropagation()
    kept.push(target)
  }
  document.addEventListener('click', keep, true)
  window.__earlyClicks = {
    take: function () {
      document.removeEventListener('click', keep, true)
      return kept.splice(0)
    },
  }
  var nonce = document.currentScript.nonce
  var started = false
  function start() {
    if (started) return
    started = true
    modules.forEach(function (href) {
      var link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      link.nonce = nonce
      document.head.appendChild(link)
    })
    var script = document.createElement('script')
    script.type = 'module'
    script.src = entry
    script.nonce = nonce
    script.onerror = function () {
      var links = window.__earlyClicks.take().filter(function (element) {
        return element.href
      })
      if (links.length > 0) location.assign(links[links.length - 1].href)
    }
    document.head.appendChild(script)
  }
  // Once the first frame is out (the second frame's callback); a tab in the background gets no
  // frames, so at the latest after a second.
  requestAnimationFrame(function () {
    requestAnimationFrame(start)
  })
  setTimeout(start, 1000)
}

/** The inline script that loads a prerendered page's entry (and preloads its modules) after the first paint. */
export function pageLoaderScript(entry, modules, nonce) {
  return `<script nonce="${nonce}">(${loadPage.toString()})(${JSON.stringify(entry)}, ${JSON.stringify(modules)})</script>`
}
