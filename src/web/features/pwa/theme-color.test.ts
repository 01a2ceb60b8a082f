import { afterEach, describe, expect, it } from 'vitest'
import indexHtml from '../../../../index.html?raw'
import { THEME_COLOR } from './app-colors.ts'
import { followThemeColor } from './theme-color.ts'

const stops: Array<() => void> = []
afterEach(() => {
  stops.splice(0).forEach((stop) => stop())
  document.documentElement.classList.remove('dark')
  document.head.replaceChildren()
})

/** The browser's bar colours as index.html declares them (one per colour scheme). */
function themeColorMetas() {
  document.head.innerHTML = new DOMParser().parseFromString(indexHtml, 'text/html').head.innerHTML
  return [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')]
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('theme colour', () => {
  it("is each theme's page background in index.html, for browsers that never run the app's script", () => {
    expect(themeColorMetas().map((meta) => [meta.getAttribute('media'), meta.content])).toEqual([
      ['(prefers-color-scheme: light)', THEME_COLOR.light],
      ['(prefers-color-scheme: dark)', THEME_COLOR.dark],
    ])
    // The pre-paint script writes the same two colours.
    expect(indexHtml).toContain(`dark ? '${THEME_COLOR.dark}' : '${THEME_COLOR.light}'`)
  })

  it("follows the app's theme when it is toggled, whatever the system's", async () => {
    const metas = themeColorMetas()
    stops.push(followThemeColor())
    expect(metas.map((meta) => meta.content)).toEqual([THEME_COLOR.light, THEME_COLOR.light])
    document.documentElement.classList.add('dark')
    await flush()
    expect(metas.map((meta) => meta.content)).toEqual([THEME_COLOR.dark, THEME_COLOR.dark])
    document.documentElement.classList.remove('dark')
    await flush()
    expect(metas.map((meta) => meta.content)).toEqual([THEME_COLOR.light, THEME_COLOR.light])
  })
})
