/**
 * Whether this page runs inside the Android or iOS app. Capacitor's native bridge defines
 * `window.Capacitor` (with `isNativePlatform() → true`) before any page script runs, so this reads
 * one global instead of importing @capacitor/core: the web bundle carries none of the native code,
 * which loads only when this says yes (decision 037).
 */
export function isNativeShell(): boolean {
  const capacitor = (globalThis as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor
  return capacitor?.isNativePlatform?.() === true
}
