import { Hono, type Context } from 'hono'
import { PRODUCT_NAME } from '#shared/site.ts'
import type { Db } from '../db/client.ts'
import { AppError } from '../lib/app-error.ts'
import { renderUnsubscribePage, type UnsubscribePage } from '../http/notice-page.ts'
import { loadAdvisorBrand, type AdvisorBrand } from './advisor-brand.ts'
import { clientForLink, confirmContact, unsubscribeContact } from './client-consent.ts'
import type { ClientLinkKind, ClientLinks } from './client-links.ts'
import { contactStatus } from './client-view.ts'

const INVALID: UnsubscribePage = {
  title: "This link isn't valid any more",
  paragraphs: ['Copy the whole link from the message. If your address changed since, the newer message has the link that works.'],
}

const what = (contact: 'email' | 'phone') => (contact === 'email' ? 'emails' : 'text messages')

/**
 * The pages an advisor's client opens from a message, without an account, in the advisor's brand:
 * GET /api/clients/:id/confirm|unsubscribe?contact=…&token=… shows a page whose button POSTs back
 * (a GET never changes anything: link scanners open every link in a message); mail clients POST
 * the unsubscribe link directly (RFC 8058 one-click), so the signed token is the only authority
 * and these paths are exempt from the origin check.
 */
export function clientPageRoutes(deps: { db: Db; now: () => Date; publicUrl: string; notifications: { clientLinks: ClientLinks } }) {
  const page = (c: Context, content: UnsubscribePage, status: 200 | 400, brand?: AdvisorBrand) => {
    const res = c.html(renderUnsubscribePage(content, c.get('secureHeadersNonce') ?? '', brand && { ...brand, logoUrl: brand.logoUrl && new URL(brand.logoUrl).pathname }), status)
    // The token is in the URL: keep the page out of caches and other sites' referrers.
    res.headers.set('Cache-Control', 'no-store')
    res.headers.set('Referrer-Policy', 'no-referrer')
    return res
  }
  const wantsHtml = (c: Context) => (c.req.header('accept') ?? '').includes('text/html')
  const linked = (c: Context, kind: ClientLinkKind) =>
    clientForLink(deps.db, deps.notifications.clientLinks, { kind, id: c.req.param('id') ?? '', contact: c.req.query('contact'), token: c.req.query('token') ?? '' })
  const selfAction = (c: Context) => c.req.url.replace(/^https?:\/\/[^/]+/, '')

  return new Hono()
    .get('/:id/confirm', async (c) => {
      const found = await linked(c, 'confirm')
      if (!found) return page(c, INVALID, 400)
      const brand = await loadAdvisorBrand(deps.db, found.row.userId, deps.publicUrl)
      const { row, contact } = found
      const status = contact === 'email' ? contactStatus(row.email, row.emailConfirmedAt, row.emailUnsubscribedAt) : contactStatus(row.phone, row.phoneConfirmedAt, row.phoneUnsubscribedAt)
      if (status === 'confirmed') return page(c, { title: "You're all set", paragraphs: [`You already get fare alerts from ${brand.name} by ${what(contact).replace(/s$/, '')}.`] }, 200, brand)
      return page(
        c,
        {
          title: `Get fare alerts from ${brand.name}?`,
          paragraphs: [`${brand.name} uses ${PRODUCT_NAME} to watch flight prices for you. Confirm, and you'll get ${what(contact)} when a fare they track for you drops. Every message has a link to stop them.`],
          form: { action: selfAction(c), label: 'Yes, send me fare alerts' },
        },
        200,
        brand,
      )
    })
    .post('/:id/confirm', async (c) => {
      const found = await linked(c, 'confirm')
      if (!found) {
        if (wantsHtml(c)) return page(c, INVALID, 400)
        throw new AppError('bad_request', 'This confirmation link is not valid.')
      }
      await confirmContact(deps.db, found.row, found.contact, deps.now())
      const brand = await loadAdvisorBrand(deps.db, found.row.userId, deps.publicUrl)
      if (!wantsHtml(c)) return c.json({ success: true })
      return page(c, { title: "You're subscribed", paragraphs: [`You'll get ${what(found.contact)} from ${brand.name} when a fare they watch for you drops.`] }, 200, brand)
    })
    .get('/:id/unsubscribe', async (c) => {
      const found = await linked(c, 'unsubscribe')
      if (!found) return page(c, INVALID, 400)
      const brand = await loadAdvisorBrand(deps.db, found.row.userId, deps.publicUrl)
      return page(
        c,
        { title: `Stop fare alerts from ${brand.name}?`, paragraphs: [`You won't get any more ${what(found.contact)} about fares ${brand.name} watches for you.`], form: { action: selfAction(c), label: 'Unsubscribe' } },
        200,
        brand,
      )
    })
    .post('/:id/unsubscribe', async (c) => {
      const found = await linked(c, 'unsubscribe')
      if (!found) {
        if (wantsHtml(c)) return page(c, INVALID, 400)
        throw new AppError('bad_request', 'This unsubscribe link is not valid.')
      }
      await unsubscribeContact(deps.db, found.row, found.contact, deps.now())
      const brand = await loadAdvisorBrand(deps.db, found.row.userId, deps.publicUrl)
      if (!wantsHtml(c)) return c.json({ success: true })
      return page(c, { title: "You're unsubscribed", paragraphs: [`${brand.name} won't reach you by ${what(found.contact)} through ${PRODUCT_NAME} any more.`] }, 200, brand)
    })
}
