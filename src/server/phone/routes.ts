import { Hono, type Context } from 'hono'
import { setPhoneSchema } from '#shared/notifications.ts'
import { verifyPhoneSchema } from '#shared/phone-verification.ts'
import type { Auth } from '../auth/auth.ts'
import { requireUser } from '../auth/viewer.ts'
import type { Db } from '../db/client.ts'
import { jsonBody } from '../http/json-body.ts'
import type { Logger } from '../lib/logger.ts'
import type { SmsTextSender } from '../notifications/channels/sms-text-sender.ts'
import type { PhoneDeps } from './issue-phone-code.ts'
import { phoneCodeKey } from './phone-code.ts'
import { readPhoneState } from './phone-state.ts'
import { sendPhoneCode } from './send-phone-code.ts'
import { setPhone } from './set-phone.ts'
import { verifyPhone } from './verify-phone.ts'
import type { ApiBody } from '#shared/api-contract.ts'

/**
 * /api/me/phone: the signed-in user's number for SMS and WhatsApp notices (E.164) and its
 * verification by a texted code (decision 015). Every answer is the PhoneState.
 */
type PhoneRouteDeps = { auth: Auth; db: Db; logger: Logger; now: () => Date; notifications: { smsText: SmsTextSender } }

/** What sending and checking phone codes needs (also POST /api/auth/resend's phone half). */
export const phoneCodeDeps = (deps: Omit<PhoneRouteDeps, 'auth'>): PhoneDeps => ({
  db: deps.db,
  now: deps.now,
  logger: deps.logger,
  sms: deps.notifications.smsText,
  codeKey: phoneCodeKey(deps.db),
})

export function phoneRoutes(deps: PhoneRouteDeps) {
  const phone = phoneCodeDeps(deps)
  // Every call answers the PhoneState (ApiContract 'GET /api/me/phone' and the rest).
  const answer = (c: Context, state: ApiBody<'GET /api/me/phone'>) => c.json(state)
  return new Hono()
    .use('*', requireUser(deps))
    .get('/', async (c) => answer(c, await readPhoneState(deps.db, c.var.viewer.user.id, deps.now())))
    .put('/', async (c) => {
      const input = setPhoneSchema.parse(await jsonBody(c))
      return answer(c, await setPhone(phone, c.var.viewer.user.id, input.phone))
    })
    .delete('/', async (c) => answer(c, await setPhone(phone, c.var.viewer.user.id, null)))
    .post('/code', async (c) => answer(c, await sendPhoneCode(phone, c.var.viewer.user.id)))
    .post('/verify', async (c) => {
      const { code } = verifyPhoneSchema.parse(await jsonBody(c))
      return answer(c, await verifyPhone(phone, c.var.viewer.user.id, code))
    })
}
