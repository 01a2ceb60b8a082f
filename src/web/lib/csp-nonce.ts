import { getNonce } from 'get-nonce'

/**
 * The page's CSP nonce (the server puts it on `<meta property="csp-nonce">`). Inline `<style>`
 * elements need it: main.tsx hands it to get-nonce for Radix's scroll lock, and components that
 * render a style element themselves (the Select viewport) read it here.
 */
export function cspNonce(): string | undefined {
  return getNonce() ?? undefined
}
