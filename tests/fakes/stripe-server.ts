import { createHmac, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { PriceId } from '../../src/shared/plans.ts'
import { readBody } from './read-body.ts'

/**
 * A stand-in for api.stripe.com on 127.0.0.1 (random port), so the real `stripe` SDK runs against
 * it over HTTP without the internet. It speaks the parts of Stripe's REST API FareDrop calls
 * (customers, Checkout Sessions, Customer Portal sessions, subscriptions: form-encoded bodies with
 * bracketed keys, bearer auth, idempotency keys, list pagination, Stripe's error bodies) and builds
 * its objects from Stripe's own published fixtures (tests/fixtures/stripe/fixtures3.json).
 *
 * It also plays Stripe's side of a subscription's life: completing a checkout, renewals, failed
 * payments, cancellations, each producing the events Stripe would send, signed exactly as Stripe
 * signs them (`t=<unix>,v1=<HMAC-SHA256 of "t.body">`, computed here without the SDK).
 */

type Json = Record<string, unknown>
const FIXTURES = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../fixtures/stripe/fixtures3.json'), 'utf8')) as { resources: Record<string, Json> }
).resources
const fixture = (name: string): Json => structuredClone(FIXTURES[name]!)

export const STRIPE_API_VERSION = '2026-10-28.endive'
const DAY = 86_400

export interface FakeStripeRule {
  /** Requests whose "METHOD /path" matches fail. */
  match: RegExp
  status: number
  type?: string
  message?: string
  /** Fail this many matching requests, then stand down; forever when absent. */
  times?: number
}

export interface SignedDelivery {
  payload: string
  signature: string
}

export interface FakeStripe {
  url: string
  secretKey: string
  webhookSecret: string
  /** Stripe price ids for our four prices. */
  prices: Record<PriceId, string>
  /** The STRIPE_* variables that point the app at this fake. */
  env(): Record<string, string>
  customers: Map<string, Json>
  subscriptions: Map<string, Json>
  checkoutSessions: Map<string, Json>
  portalSessions: Map<string, Json>
  /** Every request: "METHOD /path" and the status answered. */
  requests: { method: string; path: string; status: number; idempotencyKey?: string }[]
  respondWith(rule: FakeStripeRule): void
  /** Milliseconds each API answer waits (a slow network), e.g. random, so concurrent reads finish out of order. */
  answerDelay: () => number
  /** Stripe's clock (unix seconds): what `created` and periods use. Defaults to now. */
  clock: { now: number }

  // ---- Stripe's side of a subscription's life; each returns the events Stripe would send. ----
  /** The customer pays on the hosted page: a subscription starts, and checkout.session.completed follows. */
  completeCheckout(sessionId: string, options?: { status?: 'active' | 'trialing' | 'incomplete' }): { subscription: Json; events: Json[] }
  /** A customer made outside our checkout subscribes (the Dashboard, a payment link): created and paid. */
  subscribe(customerId: string, price: string): { subscription: Json; events: Json[] }
  /** The period ends and the renewal is paid (invoice.paid, customer.subscription.updated). */
  renew(subscriptionId: string): Json[]
  /** A renewal payment fails: the subscription goes past_due (invoice.payment_failed, customer.subscription.updated). */
  failPayment(subscriptionId: string): Json[]
  /** A failed payment is paid after all (invoice.paid, customer.subscription.updated). */
  recoverPayment(subscriptionId: string): Json[]
  /** A change made in the Dashboard or the portal (customer.subscription.updated). */
  update(subscriptionId: string, change: { cancel_at_period_end?: boolean; price?: string; status?: string }): Json[]
  /** The subscription ends (at period end after a cancellation, or at once): customer.subscription.deleted. */
  end(subscriptionId: string): Json[]
  /** Removes a customer and its subscriptions, as deleting it in the Dashboard does (customer.deleted). */
  deleteCustomer(customerId: string): Json[]

  /** Signs a payload as Stripe does, at `timestamp` (unix seconds; default now), with `secret` (default ours). */
  sign(payload: string, options?: { timestamp?: number; secret?: string }): string
  /** An event serialised and signed, ready to POST to the webhook. */
  signed(event: Json, options?: { timestamp?: number }): SignedDelivery
  reset(): void
  close(): Promise<void>
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`

/** `a[b][0][c]=v` → { a: { b: [{ c: 'v' }] } }: the SDK's form encoding. */
export function parseStripeForm(body: string): Json {
  const out: Json = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '')
    let node: Json | unknown[] = out
    parts.forEach((part, i) => {
      const last = i === parts.length - 1
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!)
      const container = node as Record<string, unknown>
      if (last) container[part] = value
      else container[part] ??= nextIsIndex ? [] : {}
      node = container[part] as Json
    })
  }
  return out
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message)
  }
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(16).toString('hex')}`
  const webhookSecret = `whsec_${randomBytes(24).toString('base64').replace(/[^A-Za-z0-9]/g, 'x')}`
  const prices: Record<PriceId, string> = {
    premium_monthly: 'price_premiumMonthly01',
    premium_yearly: 'price_premiumYearly001',
    elite_monthly: 'price_eliteMonthly0001',
    elite_yearly: 'price_eliteYearly00001',
  }
  const interval = (price: string) => (price.includes('Yearly') ? 'year' : 'month')
  const amount: Record<string, number> = { [prices.premium_monthly]: 399, [prices.premium_yearly]: 3600, [prices.elite_monthly]: 799, [prices.elite_yearly]: 7200 }

  const customers = new Map<string, Json>()
  const subscriptions = new Map<string, Json>()
  const checkoutSessions = new Map<string, Json>()
  const portalSessions = new Map<string, Json>()
  const idempotent = new Map<string, { status: number; body: string }>()
  const requests: FakeStripe['requests'] = []
  let rules: FakeStripeRule[] = []
  const clock = { now: Math.floor(Date.now() / 1000) }
  let url = ''

  const addPeriod = (start: number, price: string) => {
    const d = new Date(start * 1000)
    if (interval(price) === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1)
    else d.setUTCMonth(d.getUTCMonth() + 1)
    return Math.floor(d.getTime() / 1000)
  }

  function priceObject(priceId: string): Json {
    if (!(priceId in amount)) throw new StripeError(400, `No such price: '${priceId}'`, 'invalid_request_error', 'resource_missing', 'price')
    return {
      ...fixture('price'),
      id: priceId,
      unit_amount: amount[priceId],
      unit_amount_decimal: String(amount[priceId]),
      recurring: { interval: interval(priceId), interval_count: 1, meter: null, usage_type: 'licensed', trial_period_days: null },
      product: 'prod_faredrop',
      created: clock.now - 30 * DAY,
    }
  }

  function newSubscription(customer: string, priceId: string, status: string, metadata: Json): Json {
    const subId = id('sub')
    const start = clock.now
    const item = {
      ...fixture('subscription_item'),
      id: id('si'),
      subscription: subId,
      price: priceObject(priceId),
      quantity: 1,
      created: start,
      current_period_start: start,
      current_period_end: addPeriod(start, priceId),
    }
    delete (item as Json).plan
    const sub: Json = {
      ...fixture('subscription'),
      id: subId,
      customer,
      status,
      created: start,
      start_date: start,
      billing_cycle_anchor: start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      trial_start: null,
      trial_end: null,
      metadata,
      latest_invoice: null,
      pending_update: null,
      schedule: null,
      items: { object: 'list', data: [item], has_more: false, url: `/v1/subscription_items?subscription=${subId}` },
    }
    subscriptions.set(subId, sub)
    return sub
  }

  const itemOf = (sub: Json) => (sub.items as { data: Json[] }).data[0]!

  function event(type: string, object: Json, previous?: Json): Json {
    return {
      ...fixture('event'),
      id: id('evt'),
      api_version: STRIPE_API_VERSION,
      created: clock.now,
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
    }
  }

  function invoiceFor(sub: Json, status: 'paid' | 'open'): Json {
    const item = itemOf(sub)
    const price = item.price as Json
    return {
      ...fixture('invoice'),
      id: id('in'),
      customer: sub.customer,
      status,
      amount_due: price.unit_amount,
      amount_paid: status === 'paid' ? price.unit_amount : 0,
      billing_reason: 'subscription_cycle',
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      created: clock.now,
    }
  }

  const getSub = (subId: string) => {
    const sub = subscriptions.get(subId)
    if (!sub) throw new StripeError(404, `No such subscription: '${subId}'`, 'invalid_request_error', 'resource_missing', 'id')
    return sub
  }

  // ---- the REST API ----

  async function route(method: string, pathname: string, query: URLSearchParams, form: Json): Promise<Json> {
    let m: RegExpExecArray | null
    if (method === 'POST' && pathname === '/v1/customers') {
      const customer = { ...fixture('customer'), id: id('cus'), email: form.email ?? null, name: form.name ?? null, metadata: form.metadata ?? {}, created: clock.now, discount: null }
      customers.set(customer.id as string, customer)
      return customer
    }
    if ((m = /^\/v1\/customers\/([^/]+)$/.exec(pathname)) && method === 'GET') {
      const customer = customers.get(m[1]!)
      if (!customer) throw new StripeError(404, `No such customer: '${m[1]}'`, 'invalid_request_error', 'resource_missing', 'id')
      return customer
    }
    if (method === 'POST' && pathname === '/v1/checkout/sessions') {
      if (form.mode !== 'subscription') throw new StripeError(400, 'This fake only takes subscription checkouts.', 'invalid_request_error', undefined, 'mode')
      const customer = form.customer as string
      if (!customers.has(customer)) throw new StripeError(400, `No such customer: '${customer}'`, 'invalid_request_error', 'resource_missing', 'customer')
      const lines = form.line_items as { price: string; quantity: string }[] | undefined
      if (!lines?.[0]?.price) throw new StripeError(400, 'Missing required param: line_items.', 'invalid_request_error', 'parameter_missing', 'line_items')
      priceObject(lines[0].price)
      for (const key of ['success_url', 'cancel_url'] as const) {
        if (typeof form[key] !== 'string' || !/^https?:\/\//.test(form[key])) throw new StripeError(400, `Not a valid URL`, 'invalid_request_error', 'url_invalid', key)
      }
      const sessionId = `cs_test_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`
      const session = {
        ...fixture('checkout.session'),
        id: sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        customer,
        client_reference_id: form.client_reference_id ?? null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        metadata: form.metadata ?? {},
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        payment_intent: null,
        created: clock.now,
        expires_at: clock.now + DAY,
        url: `https://checkout.stripe.com/c/pay/${sessionId}`,
        _line: { price: lines[0].price, subscriptionMetadata: (form.subscription_data as Json | undefined)?.metadata ?? {} },
      }
      checkoutSessions.set(sessionId, session)
      return session
    }
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(pathname)) && method === 'GET') {
      const session = checkoutSessions.get(m[1]!)
      if (!session) throw new StripeError(404, `No such checkout.session: '${m[1]}'`, 'invalid_request_error', 'resource_missing', 'session')
      return session
    }
    if (method === 'POST' && pathname === '/v1/billing_portal/sessions') {
      const customer = form.customer as string
      if (!customers.has(customer)) throw new StripeError(400, `No such customer: '${customer}'`, 'invalid_request_error', 'resource_missing', 'customer')
      const flowData = form.flow_data as Json | undefined
      if (flowData?.type === 'subscription_update_confirm') {
        const confirm = flowData.subscription_update_confirm as { subscription: string; items: { id: string; price: string }[] }
        const sub = getSub(confirm.subscription)
        if (sub.customer !== customer) throw new StripeError(400, 'The subscription belongs to another customer.', 'invalid_request_error', undefined, 'flow_data')
        if (itemOf(sub).id !== confirm.items[0]?.id) throw new StripeError(400, 'No such subscription item.', 'invalid_request_error', 'resource_missing', 'flow_data')
        priceObject(confirm.items[0]!.price)
      }
      const session = {
        ...fixture('billing_portal.session'),
        id: id('bps'),
        customer,
        return_url: form.return_url ?? null,
        created: clock.now,
        livemode: false,
        flow: flowData ?? null,
        url: `https://billing.stripe.com/p/session/test_${randomBytes(12).toString('hex')}`,
      }
      portalSessions.set(session.id as string, session)
      return session
    }
    if (method === 'GET' && pathname === '/v1/subscriptions') {
      const status = query.get('status') ?? 'active'
      const limit = Number(query.get('limit') ?? 10)
      const customer = query.get('customer')
      let list = [...subscriptions.values()]
        .filter((s) => !customer || s.customer === customer)
        .filter((s) => (status === 'all' ? true : status === 'ended' ? ['canceled', 'incomplete_expired'].includes(s.status as string) : s.status === status))
        // Newest first, as Stripe lists.
        .sort((a, b) => (b.created as number) - (a.created as number) || String(b.id).localeCompare(String(a.id)))
      const after = query.get('starting_after')
      if (after) list = list.slice(list.findIndex((s) => s.id === after) + 1)
      return { object: 'list', url: '/v1/subscriptions', has_more: list.length > limit, data: list.slice(0, limit) }
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(pathname))) {
      const sub = getSub(m[1]!)
      if (method === 'GET') return sub
      if (method === 'DELETE') {
        Object.assign(sub, { status: 'canceled', canceled_at: clock.now, ended_at: clock.now })
        return sub
      }
      if (method === 'POST') {
        if ('cancel_at_period_end' in form && 'cancel_at' in form) {
          throw new StripeError(400, 'You may only specify one of these parameters: cancel_at, cancel_at_period_end.', 'invalid_request_error', undefined, 'cancel_at')
        }
        if (['canceled', 'incomplete_expired'].includes(sub.status as string)) {
          throw new StripeError(400, 'A canceled subscription can only update its cancellation_details and metadata.', 'invalid_request_error')
        }
        if ('cancel_at_period_end' in form) Object.assign(sub, { cancel_at_period_end: form.cancel_at_period_end === 'true', canceled_at: form.cancel_at_period_end === 'true' ? clock.now : null })
        if ('cancel_at' in form) sub.cancel_at = form.cancel_at === '' ? null : Number(form.cancel_at)
        return sub
      }
    }
    throw new StripeError(404, `Unrecognized request URL (${method}: ${pathname}).`)
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const reqUrl = new URL(req.url ?? '/', 'http://127.0.0.1')
      const method = req.method ?? 'GET'
      const body = await readBody(req)
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined
      const delay = fake.answerDelay()
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
      const answer = (status: number, payload: string) => {
        requests.push({ method, path: reqUrl.pathname, status, ...(idempotencyKey ? { idempotencyKey } : {}) })
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), 'stripe-version': STRIPE_API_VERSION })
        res.end(payload)
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return answer(401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }))
      }
      const rule = rules.find((r) => r.match.test(`${method} ${reqUrl.pathname}`))
      if (rule) {
        if (rule.times !== undefined && --rule.times <= 0) rules = rules.filter((r) => r !== rule)
        return answer(rule.status, JSON.stringify({ error: { type: rule.type ?? 'api_error', message: rule.message ?? 'Something went wrong on our end.' } }))
      }
      // A repeated POST with one idempotency key answers what the first did (Stripe keeps them 24 h).
      const replayKey = method === 'POST' && idempotencyKey ? `${reqUrl.pathname}:${idempotencyKey}` : null
      const replay = replayKey ? idempotent.get(replayKey) : undefined
      if (replay) return answer(replay.status, replay.body)
      let status = 200
      let payload: string
      try {
        const result = await route(method, reqUrl.pathname, reqUrl.searchParams, parseStripeForm(body))
        payload = JSON.stringify(result, (key, value: unknown) => (key.startsWith('_') ? undefined : value))
      } catch (error) {
        if (!(error instanceof StripeError)) throw error
        status = error.status
        payload = JSON.stringify({ error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}), ...(error.param ? { param: error.param } : {}) } })
      }
      if (replayKey) idempotent.set(replayKey, { status, body: payload })
      answer(status, payload)
    })().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const updated = (sub: Json, previous: Json) => event('customer.subscription.updated', sub, previous)

  const fake: FakeStripe = {
    url,
    secretKey,
    webhookSecret,
    prices,
    env: () => ({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE_URL: url,
      STRIPE_PRICE_PREMIUM_MONTHLY: prices.premium_monthly,
      STRIPE_PRICE_PREMIUM_YEARLY: prices.premium_yearly,
      STRIPE_PRICE_ELITE_MONTHLY: prices.elite_monthly,
      STRIPE_PRICE_ELITE_YEARLY: prices.elite_yearly,
    }),
    customers,
    subscriptions,
    checkoutSessions,
    portalSessions,
    requests,
    clock,
    respondWith: (rule) => rules.unshift({ ...rule }),
    answerDelay: () => 0,

    completeCheckout(sessionId, options = {}) {
      const session = checkoutSessions.get(sessionId)
      if (!session || session.status !== 'open') throw new Error(`no open checkout session ${sessionId}`)
      const line = session._line as { price: string; subscriptionMetadata: Json }
      const sub = newSubscription(session.customer as string, line.price, options.status ?? 'active', line.subscriptionMetadata)
      Object.assign(session, { status: 'complete', payment_status: options.status === 'incomplete' ? 'unpaid' : 'paid', subscription: sub.id })
      const events = [event('customer.subscription.created', sub), event('checkout.session.completed', session)]
      if (options.status !== 'incomplete') events.push(event('invoice.paid', invoiceFor(sub, 'paid')))
      return { subscription: sub, events }
    },
    subscribe(customerId, price) {
      if (!customers.has(customerId)) throw new Error(`no customer ${customerId}`)
      const sub = newSubscription(customerId, price, 'active', {})
      return { subscription: sub, events: [event('customer.subscription.created', sub), event('invoice.paid', invoiceFor(sub, 'paid'))] }
    },
    renew(subId) {
      const sub = getSub(subId)
      const item = itemOf(sub)
      const previous = { items: structuredClone(sub.items) }
      const start = item.current_period_end as number
      Object.assign(item, { current_period_start: start, current_period_end: addPeriod(start, (item.price as Json).id as string) })
      clock.now = Math.max(clock.now, start)
      return [event('invoice.paid', invoiceFor(sub, 'paid')), updated(sub, previous)]
    },
    failPayment(subId) {
      const sub = getSub(subId)
      const item = itemOf(sub)
      const previous = { status: sub.status, items: structuredClone(sub.items) }
      const start = item.current_period_end as number
      Object.assign(item, { current_period_start: start, current_period_end: addPeriod(start, (item.price as Json).id as string) })
      sub.status = 'past_due'
      clock.now = Math.max(clock.now, start)
      return [event('invoice.payment_failed', invoiceFor(sub, 'open')), updated(sub, previous)]
    },
    recoverPayment(subId) {
      const sub = getSub(subId)
      const previous = { status: sub.status }
      sub.status = 'active'
      return [event('invoice.paid', invoiceFor(sub, 'paid')), updated(sub, previous)]
    },
    update(subId, change) {
      const sub = getSub(subId)
      const previous: Json = {}
      if (change.cancel_at_period_end !== undefined) {
        previous.cancel_at_period_end = sub.cancel_at_period_end
        sub.cancel_at_period_end = change.cancel_at_period_end
        sub.canceled_at = change.cancel_at_period_end ? clock.now : null
      }
      if (change.price) {
        previous.items = structuredClone(sub.items)
        itemOf(sub).price = priceObject(change.price)
      }
      if (change.status) {
        previous.status = sub.status
        sub.status = change.status
      }
      return [updated(sub, previous)]
    },
    end(subId) {
      const sub = getSub(subId)
      const ended = Math.max(clock.now, sub.cancel_at_period_end ? (itemOf(sub).current_period_end as number) : clock.now)
      clock.now = ended
      Object.assign(sub, { status: 'canceled', ended_at: ended, canceled_at: sub.canceled_at ?? ended })
      return [event('customer.subscription.deleted', sub)]
    },
    deleteCustomer(customerId) {
      const customer = customers.get(customerId)
      if (!customer) throw new Error(`no customer ${customerId}`)
      customers.delete(customerId)
      for (const [subId, sub] of subscriptions) if (sub.customer === customerId) subscriptions.delete(subId)
      return [event('customer.deleted', customer)]
    },

    sign(payload, options = {}) {
      // Stripe signs at delivery time, not when the event happened.
      const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000)
      const hmac = createHmac('sha256', options.secret ?? webhookSecret).update(`${timestamp}.${payload}`).digest('hex')
      return `t=${timestamp},v1=${hmac}`
    },
    signed(eventObject, options = {}) {
      const payload = JSON.stringify(eventObject, null, 2)
      return { payload, signature: fake.sign(payload, options) }
    },
    reset() {
      for (const map of [customers, subscriptions, checkoutSessions, portalSessions, idempotent]) map.clear()
      requests.length = 0
      rules = []
      fake.answerDelay = () => 0
      clock.now = Math.floor(Date.now() / 1000)
    },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  }
  return fake
}
