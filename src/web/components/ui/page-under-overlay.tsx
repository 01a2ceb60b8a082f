import { useEffect, useLayoutEffect, type CSSProperties } from 'react'

/**
 * A modal layer (Radix) changes two things on <body> that every element of the page inherits:
 * `pointer-events: none`, which blocks the page, and, from its scroll lock (react-remove-scroll),
 * the custom property `--removed-body-scroll-bar-size`. Each made the browser restyle the whole
 * page when a dialog opened: over a results page, most of its opening time (docs/benchmarks.md,
 * "Price calendar"). The app's root declares both itself, so <body>'s changes stop there.
 */

/** Nothing of ours reads the scroll lock's property: declared unset, it changes nothing below. */
const SCROLL_LOCK_PROPERTY = '--removed-body-scroll-bar-size'

/**
 * The root declares it for good (declaring it as a dialog opens would itself restyle the page).
 * Called after the first paint.
 */
export function shieldPageFromScrollLock(): void {
  document.getElementById('root')?.style.setProperty(SCROLL_LOCK_PROPERTY, 'initial')
}

/**
 * A dialog's content is not under the root but beside it, in <body>: it declares both itself, from
 * its first frame, or <body>'s changes restyle it once more as it opens. `pointer-events` as a
 * class, not inline: Radix's inline `none` still wins while a menu inside the dialog is open.
 */
export const DIALOG_CONTENT_SHIELD_CLASS = 'pointer-events-auto'
export const DIALOG_CONTENT_SHIELD_STYLE = { [SCROLL_LOCK_PROPERTY]: 'initial' } as CSSProperties

/** How many dialogs are open: nested ones share the root's setting. */
let openDialogs = 0

/**
 * Rendered inside a modal dialog's content (so only while it is shown): the root keeps
 * `pointer-events: auto`, as the dialog's overlay already takes every click and hover outside
 * it. Set in a layout effect, before Radix's effect changes <body>, so one style pass sees both;
 * cleared in a passive effect, after Radix's own cleanup has given <body> its value back. Menus
 * and selects have no overlay and keep Radix's behaviour.
 */
export function PageUnderOverlay() {
  useLayoutEffect(() => {
    if (openDialogs++ === 0) document.getElementById('root')?.style.setProperty('pointer-events', 'auto')
  }, [])
  useEffect(
    () => () => {
      if (--openDialogs === 0) document.getElementById('root')?.style.removeProperty('pointer-events')
    },
    [],
  )
  return null
}
