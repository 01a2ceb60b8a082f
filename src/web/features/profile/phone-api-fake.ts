import { stubApi } from '#tests/setup/render.tsx'
import { PHONE_CODE_MESSAGES, type PhoneState } from '#shared/phone-verification.ts'

/**
 * Test-only: /api/me/phone as the server answers it (decision 015), with the texted code fixed to
 * CODE. Any answer can be replaced (`put`, `resend`, `verify`); every call is recorded.
 */

export const CODE = '123456'

export type Call = { method: string; url: string; body: unknown }

export interface PhoneApiOptions {
  phone?: string | null
  verified?: boolean
  /** Whether a code is waiting for the saved number. */
  pending?: boolean
  resendInSeconds?: number
  put?: (body: { phone: string }) => Response | undefined
  resend?: () => Response | undefined
  verify?: (body: { code: string }) => Response | undefined
  /** Answers anything else (health, push…). */
  other?: (url: string, method: string) => Response | undefined
}

const error = (status: number, code: string, message: string, fieldErrors?: Record<string, string[]>) =>
  Response.json({ error: { code, message, ...(fieldErrors ? { fieldErrors } : {}) } }, { status })

export function servePhoneApi(options: PhoneApiOptions = {}) {
  const calls: Call[] = []
  const pending = () => ({ sentAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 600_000).toISOString(), attemptsLeft: 5 })
  let state: PhoneState = {
    phone: options.phone ?? null,
    verified: Boolean(options.phone && options.verified),
    verifiedAt: options.phone && options.verified ? '2027-01-01T12:00:00.000Z' : null,
    pendingCode: options.phone && options.pending ? pending() : null,
    resendInSeconds: options.resendInSeconds ?? 0,
  }
  stubApi((url, init) => {
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ method, url, body })
    if (url === '/api/me/phone' && method === 'GET') return Response.json(state)
    if (url === '/api/me/phone' && method === 'PUT') {
      const custom = options.put?.(body)
      if (custom) return custom
      if (body.phone !== state.phone) state = { phone: body.phone, verified: false, verifiedAt: null, pendingCode: pending(), resendInSeconds: 60 }
      return Response.json(state)
    }
    if (url === '/api/me/phone' && method === 'DELETE') {
      state = { phone: null, verified: false, verifiedAt: null, pendingCode: null, resendInSeconds: state.resendInSeconds }
      return Response.json(state)
    }
    if (url === '/api/me/phone/code' && method === 'POST') {
      const custom = options.resend?.()
      if (custom) return custom
      state = { ...state, pendingCode: pending(), resendInSeconds: 60 }
      return Response.json(state)
    }
    if (url === '/api/me/phone/verify' && method === 'POST') {
      const custom = options.verify?.(body)
      if (custom) return custom
      if (body.code !== CODE) return error(400, 'validation_failed', PHONE_CODE_MESSAGES.wrong(4), { code: [PHONE_CODE_MESSAGES.wrong(4)] })
      state = { ...state, verified: true, verifiedAt: new Date().toISOString(), pendingCode: null }
      return Response.json(state)
    }
    return options.other?.(url, method)
  })
  return {
    calls,
    writes: (url: string) => calls.filter((call) => call.method !== 'GET' && call.url === url),
    /** Changes what the next GET answers (a refetch after an error). */
    setState: (next: Partial<PhoneState>) => void (state = { ...state, ...next }),
  }
}

export { error as apiError }
