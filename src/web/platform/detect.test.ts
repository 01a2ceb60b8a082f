import { afterEach, describe, expect, it } from 'vitest'
import { isNativeShell } from './detect.ts'

const global = globalThis as { Capacitor?: unknown }
const before = global.Capacitor

afterEach(() => {
  global.Capacitor = before
})

describe('telling the native apps from a browser', () => {
  it('is a browser when no native bridge defined window.Capacitor', () => {
    delete global.Capacitor
    expect(isNativeShell()).toBe(false)
  })

  it('is a browser when window.Capacitor comes from @capacitor/core itself (web platform)', () => {
    global.Capacitor = { isNativePlatform: () => false }
    expect(isNativeShell()).toBe(false)
  })

  it('is the app when Capacitor’s native bridge says so', () => {
    global.Capacitor = { isNativePlatform: () => true }
    expect(isNativeShell()).toBe(true)
  })
})
