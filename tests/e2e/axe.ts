import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * WCAG 2.1 A/AA rules (contrast included) on what the page shows once it has settled. Colours are
 * read after every running CSS transition and animation ends (a theme switch fades colours over
 * 150 ms): mid-fade a link can sit between its light and dark colour, which no reader ever sees
 * for long and axe would report as low contrast.
 */
export async function expectNoAxeViolations(page: Page, options: { include?: string } = {}) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner or a loading pulse repeats for ever; only what ends is waited for.
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  // Legacy mode runs axe in the page itself. The default mode injects axe into a fresh blank page
  // too, to merge results from cross-origin frames, which our pages don't have: the same
  // violations for 13 fewer CPU-seconds across the browser suite (decision 021, 2026-11-28).
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true)
  if (options.include) builder = builder.include(options.include)
  const results = await builder.analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/**
 * Switches the emulated system theme and waits until the page shows it: the app follows the
 * system's setting from a media-query listener, so `<html class="dark">` changes a moment after
 * the emulation does, and colours read in between mix both themes.
 */
export async function preferColorScheme(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme })
  const html = page.locator('html')
  if (scheme === 'dark') await expect(html).toHaveClass(/(^|\s)dark(\s|$)/)
  else await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/)
}
