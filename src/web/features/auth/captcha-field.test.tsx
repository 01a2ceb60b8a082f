import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  CAPTCHA_EXPIRED,
  CAPTCHA_FAILED,
  CAPTCHA_REQUIRED,
  CAPTCHA_RETRY_INTERVAL_MS,
  type CaptchaPublicConfig,
} from '#shared/captcha.ts'
import { CaptchaField } from './captcha-field.tsx'

/** Stands in for the ALTCHA web component: records verify() calls, and the test drives its state. */
const altcha = vi.hoisted(() => ({ verify: (() => {}) as () => void }))
vi.mock('altcha/external', () => {
  class FakeAltchaWidget extends HTMLElement {
    getState() {
      return 'unverified'
    }
    verify() {
      altcha.verify()
    }
  }
  if (!customElements.get('altcha-widget')) customElements.define('altcha-widget', FakeAltchaWidget)
  globalThis.$altcha = { algorithms: new Map() } as unknown as typeof globalThis.$altcha
  return {}
})
vi.mock('altcha/altcha.css', () => ({}))
vi.mock('altcha/workers/sha?worker', () => ({ default: class {} }))

function serveConfig(...answers: (CaptchaPublicConfig | number)[]) {
  const fetchMock = vi.fn(async () => {
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!
    return typeof answer === 'number' ? new Response('', { status: answer }) : Response.json(answer)
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function setWidgetState(state: string, payload: string | null = null) {
  const widget = document.querySelector('altcha-widget')!
  act(() => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }))
  })
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('CaptchaField', () => {
  it('with provider none renders nothing and hands over the token "none" once', async () => {
    const fetchMock = serveConfig({ provider: 'none' })
    const onToken = vi.fn()
    const { container, rerender } = render(<CaptchaField onToken={onToken} />)

    await waitFor(() => expect(onToken).toHaveBeenCalledWith('none'))
    const laterOnToken = vi.fn()
    rerender(<CaptchaField onToken={laterOnToken} />)
    expect(onToken).toHaveBeenCalledTimes(1)
    expect(laterOnToken).not.toHaveBeenCalled()
    expect(fetchMock).toHaveBeenCalledWith('/api/captcha/config', expect.anything())
    expect(container).toHaveTextContent('')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it("shows the form's error in an alert", async () => {
    serveConfig({ provider: 'none' })
    render(<CaptchaField onToken={() => {}} error={CAPTCHA_REQUIRED} />)
    expect(await screen.findByRole('alert')).toHaveTextContent(CAPTCHA_REQUIRED)
  })

  it('says verification failed when the config cannot load, and tries again after the retry interval', async () => {
    vi.useFakeTimers()
    const fetchMock = serveConfig(503, { provider: 'none' })
    const onToken = vi.fn()
    render(<CaptchaField onToken={onToken} />)

    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(screen.getByRole('alert')).toHaveTextContent(CAPTCHA_FAILED)
    await act(() => vi.advanceTimersByTimeAsync(CAPTCHA_RETRY_INTERVAL_MS - 1))
    expect(fetchMock).toHaveBeenCalledTimes(1)

    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(onToken).toHaveBeenCalledWith('none')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  describe('with ALTCHA', () => {
    it('renders the widget on our challenge URL and hands over the payload once verified', async () => {
      serveConfig({ provider: 'altcha' })
      const onToken = vi.fn()
      render(<CaptchaField onToken={onToken} />)

      await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull())
      expect(document.querySelector('altcha-widget')).toHaveAttribute('challenge', '/api/captcha/challenge')
      expect(globalThis.$altcha.algorithms.has('SHA-256')).toBe(true)

      // The widget's listener is attached once its module has loaded: retry the first event until heard.
      await waitFor(() => {
        setWidgetState('verifying')
        expect(onToken).toHaveBeenLastCalledWith(null)
      })
      setWidgetState('verified', 'payload-1')
      expect(onToken).toHaveBeenLastCalledWith('payload-1')
    })

    it('starts the proof of work at once when the visitor was already typing in the form before it loaded', async () => {
      let answer: (response: Response) => void = () => {}
      vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))))
      altcha.verify = vi.fn()
      render(
        <form>
          <input aria-label="Email" />
          <CaptchaField onToken={() => {}} />
        </form>,
      )
      screen.getByRole('textbox', { name: 'Email' }).focus()
      answer(Response.json({ provider: 'altcha' }))
      await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull())
      await waitFor(() => expect(altcha.verify).toHaveBeenCalledTimes(1))
    })

    it('waits for the visitor when nothing in the form has focus yet', async () => {
      serveConfig({ provider: 'altcha' })
      altcha.verify = vi.fn()
      render(
        <form>
          <input aria-label="Email" />
          <CaptchaField onToken={() => {}} />
        </form>,
      )
      await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull())
      document.querySelector('altcha-widget')!.dispatchEvent(new Event('load'))
      expect(altcha.verify).not.toHaveBeenCalled()
    })

    it('drops the token and says so when the challenge expires', async () => {
      serveConfig({ provider: 'altcha' })
      const onToken = vi.fn()
      render(<CaptchaField onToken={onToken} />)
      await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull())

      await waitFor(() => {
        setWidgetState('verified', 'payload-1')
        expect(onToken).toHaveBeenLastCalledWith('payload-1')
      })
      setWidgetState('expired')
      expect(onToken).toHaveBeenLastCalledWith(null)
      expect(screen.getByRole('alert')).toHaveTextContent(CAPTCHA_EXPIRED)

      setWidgetState('verified', 'payload-2')
      expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    })

    it('says verification failed on error and solves a fresh challenge after the retry interval', async () => {
      serveConfig({ provider: 'altcha' })
      altcha.verify = vi.fn()
      const onToken = vi.fn()
      render(<CaptchaField onToken={onToken} />)
      await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull())
      await waitFor(() => {
        setWidgetState('verifying')
        expect(onToken).toHaveBeenLastCalledWith(null)
      })

      vi.useFakeTimers()
      setWidgetState('error')
      expect(screen.getByRole('alert')).toHaveTextContent(CAPTCHA_FAILED)
      act(() => vi.advanceTimersByTime(CAPTCHA_RETRY_INTERVAL_MS - 1))
      expect(altcha.verify).not.toHaveBeenCalled()
      act(() => vi.advanceTimersByTime(1))
      expect(altcha.verify).toHaveBeenCalledTimes(1)
    })
  })
})
