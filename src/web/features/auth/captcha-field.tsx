import { useEffect, useEffectEvent, useRef, useState, type CSSProperties } from 'react'
import type { AltchaWidgetElement } from 'altcha/external'
import type {} from 'altcha/types/react'
import {
  CAPTCHA_EXPIRED,
  CAPTCHA_FAILED,
  CAPTCHA_RETRY_INTERVAL_MS,
  type CaptchaPublicConfig,
} from '#shared/captcha.ts'
import { api, apiTransport } from '../../lib/api-client.ts'

export interface CaptchaFieldProps {
  /**
   * The token for the CAPTCHA_HEADER, or null while there is none (unsolved, expired, failed).
   * A token works once: remount the field (change its `key`) after every submission.
   */
  onToken: (token: string | null) => void
  /** The form's message for this field, such as CAPTCHA_REQUIRED. */
  error?: string
}

type Problem = string | null

interface ChallengeProps {
  onToken: (token: string | null) => void
  onProblem: (problem: Problem) => void
}

/**
 * Third-party challenges load a script and an iframe from the provider's origin. Our CSP allows
 * only 'self' today, so enabling one of them needs these origins in security-headers.ts first:
 * Turnstile: script-src and frame-src https://challenges.cloudflare.com;
 * hCaptcha: script-src, frame-src, style-src and connect-src https://hcaptcha.com https://*.hcaptcha.com.
 */
const PROVIDER_SCRIPTS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js?render=explicit',
} as const
type ScriptProvider = keyof typeof PROVIDER_SCRIPTS

/** The part of the Turnstile and hCaptcha browser APIs we use; both share it. */
interface ProviderApi {
  render(container: HTMLElement, options: Record<string, unknown>): string
  reset(widgetId: string): void
  remove(widgetId: string): void
}

declare global {
  interface Window {
    turnstile?: ProviderApi
    hcaptcha?: ProviderApi
  }
}

/**
 * `altcha/external` rather than `altcha`: the default build injects a <style> element without our
 * CSP nonce and starts its workers from blob: URLs, both refused by our policy. Here the stylesheet
 * is a Vite CSS asset (a <link>, style-src 'self') and the worker a Vite chunk under /assets
 * (worker-src 'self'). Only SHA-256 is registered: it is the only algorithm our server issues.
 */
async function loadAltcha() {
  const [, , shaWorker] = await Promise.all([
    import('altcha/external'),
    import('altcha/altcha.css'),
    import('altcha/workers/sha?worker'),
  ])
  globalThis.$altcha.algorithms.set('SHA-256', () => new shaWorker.default())
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.addEventListener('load', () => resolve())
    script.addEventListener('error', () => {
      script.remove()
      reject(new Error(`Could not load ${src}`))
    })
    document.head.append(script)
  })
}

/** The provider's config, with its browser code loaded. */
async function loadCaptcha(signal: AbortSignal): Promise<CaptchaPublicConfig> {
  const config = await api('GET /api/captcha/config', { signal })
  if (config.provider === 'altcha') await loadAltcha()
  else if (config.provider !== 'none' && !window[config.provider]) await loadScript(PROVIDER_SCRIPTS[config.provider])
  return config
}

/** Loads the config and code once, and again every retry interval until that works. */
function useCaptcha(): { config: CaptchaPublicConfig | null; failed: boolean } {
  const [config, setConfig] = useState<CaptchaPublicConfig | null>(null)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    let retry: number | undefined
    loadCaptcha(controller.signal).then(
      (loaded) => {
        setConfig(loaded)
        setFailed(false)
      },
      () => {
        if (controller.signal.aborted) return
        setFailed(true)
        retry = window.setTimeout(() => setAttempt((n) => n + 1), CAPTCHA_RETRY_INTERVAL_MS)
      },
    )
    return () => {
      controller.abort()
      window.clearTimeout(retry)
    }
  }, [attempt])

  return { config, failed }
}

/** Matches the widget to our theme tokens; set through the CSSOM, which the CSP allows. */
const ALTCHA_THEME = {
  '--altcha-max-width': '100%',
  '--altcha-border-radius': 'var(--radius)',
  '--altcha-border-color': 'var(--input)',
  '--altcha-color-base': 'var(--card)',
  '--altcha-color-base-content': 'var(--card-foreground)',
  '--altcha-color-primary': 'var(--primary)',
} as CSSProperties

function AltchaChallenge({ onToken, onProblem }: ChallengeProps) {
  const widgetRef = useRef<AltchaWidgetElement>(null)
  const report = useEffectEvent((token: string | null, problem?: Problem) => {
    onToken(token)
    // undefined keeps the current problem; null clears it.
    if (problem !== undefined) onProblem(problem)
  })

  useEffect(() => {
    const widget = widgetRef.current
    if (!widget) return
    let retry: number | undefined
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload: string | null }>).detail
      window.clearTimeout(retry)
      if (state === 'verified' && payload) report(payload, null)
      else if (state === 'expired') report(null, CAPTCHA_EXPIRED)
      else if (state === 'error') {
        report(null, CAPTCHA_FAILED)
        retry = window.setTimeout(() => void widget.verify(), CAPTCHA_RETRY_INTERVAL_MS)
      } else report(null)
    }
    // auto="onfocus" listens for focus from the moment the widget has loaded: a visitor who was
    // already typing when it arrived would be left with an unticked box. Start the work for them
    // as soon as it is ready. (Its methods exist once it has mounted, a tick after connecting.)
    const startIfFormHasFocus = () => {
      const ready = typeof widget.getState === 'function'
      if (ready && String(widget.getState()) === 'unverified' && widget.closest('form')?.contains(document.activeElement)) void widget.verify()
    }
    widget.addEventListener('statechange', onStateChange)
    widget.addEventListener('load', startIfFormHasFocus)
    startIfFormHasFocus()
    return () => {
      widget.removeEventListener('statechange', onStateChange)
      widget.removeEventListener('load', startIfFormHasFocus)
      window.clearTimeout(retry)
    }
  }, [])

  // auto="onfocus": the proof of work runs while the visitor types, so it is usually done by submit.
  return <altcha-widget ref={widgetRef} challenge={`${apiTransport.origin}/api/captcha/challenge`} auto="onfocus" style={ALTCHA_THEME} />
}

function ProviderChallenge({ provider, siteKey, onToken, onProblem }: ChallengeProps & { provider: ScriptProvider; siteKey: string }) {
  const containerRef = useRef<HTMLDivElement>(null)
  const report = useEffectEvent((token: string | null, problem?: Problem) => {
    onToken(token)
    if (problem !== undefined) onProblem(problem)
  })

  useEffect(() => {
    const api = window[provider]
    if (!api || !containerRef.current) return
    let retry: number | undefined
    const widgetId = api.render(containerRef.current, {
      sitekey: siteKey,
      callback: (token: string) => report(token, null),
      'expired-callback': () => report(null, CAPTCHA_EXPIRED),
      'error-callback': () => {
        report(null, CAPTCHA_FAILED)
        window.clearTimeout(retry)
        retry = window.setTimeout(() => api.reset(widgetId), CAPTCHA_RETRY_INTERVAL_MS)
        return true
      },
      // One retry policy for both providers: ours, above.
      ...(provider === 'turnstile' ? { retry: 'never' } : {}),
    })
    return () => {
      window.clearTimeout(retry)
      api.remove(widgetId)
    }
  }, [provider, siteKey])

  return <div ref={containerRef} />
}

function NoChallenge({ onToken }: Pick<ChallengeProps, 'onToken'>) {
  const report = useEffectEvent(() => onToken('none'))
  useEffect(() => report(), [])
  return null
}

/** The security challenge of the sign-in, sign-up, magic-link and recovery forms. */
export function CaptchaField({ onToken, error }: CaptchaFieldProps) {
  const { config, failed } = useCaptcha()
  const [problem, setProblem] = useState<Problem>(null)
  const message = problem ?? (failed ? CAPTCHA_FAILED : error)

  return (
    <div className="space-y-2">
      {config?.provider === 'altcha' && <AltchaChallenge onToken={onToken} onProblem={setProblem} />}
      {(config?.provider === 'turnstile' || config?.provider === 'hcaptcha') && config.siteKey && (
        <ProviderChallenge provider={config.provider} siteKey={config.siteKey} onToken={onToken} onProblem={setProblem} />
      )}
      {config?.provider === 'none' && <NoChallenge onToken={onToken} />}
      {message && (
        <p role="alert" className="text-sm text-destructive">
          {message}
        </p>
      )}
    </div>
  )
}
