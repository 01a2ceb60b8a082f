import { Hono } from 'hono'
import { brandSchema } from '#shared/brand.ts'
import type { Auth } from '../auth/auth.ts'
import { requireUser } from '../auth/viewer.ts'
import { readBrand } from '../clients/save-brand.ts'
import type { Db } from '../db/client.ts'
import type { AlertNotificationPayload } from '../db/schema.ts'
import { alertEmail } from './channels/alert-email.ts'

/** The email is its own document with inline styles; framed only by our own pages, never scripted. */
const PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https:; frame-ancestors 'self'"

/** A realistic notice for the preview: a client's trip, a drop below target, a few days of prices. */
function samplePayload(publicUrl: string): AlertNotificationPayload {
  const day = (offset: number) => new Date(Date.UTC(2027, 2, 1 + offset, 12)).toISOString()
  return {
    alertName: 'Lisbon in April',
    route: 'JFK → LIS',
    departureDate: '2027-04-10',
    returnDate: '2027-04-17',
    price: 412,
    targetPrice: 450,
    currency: 'USD',
    dropPercent: 8,
    itinerarySummary: 'TP 208 · nonstop · 6h 55m',
    searchUrl: `${publicUrl}/search?from=JFK&to=LIS&date=2027-04-10&return=2027-04-17&sort=price`,
    bookingUrl: null,
    history: [520, 498, 505, 471, 446, 412].map((price, i) => ({ price, recordedAt: day(i) })),
  }
}

/**
 * GET /api/me/brand/preview?brandName=…&primaryColor=…&accentColor=…&replyTo=…: a client's
 * price-drop email in this (unsaved) brand with the saved logo, as an HTML document the branding
 * form frames. The query is checked like a save; the document gets its own policy (inline styles
 * only, no script) because an email is built of style attributes our app's policy refuses.
 */
export function brandPreviewRoutes(deps: { auth: Auth; db: Db; publicUrl: string }) {
  return new Hono().use('*', requireUser(deps)).get('/', async (c) => {
    const settings = brandSchema.parse({ replyTo: null, ...c.req.query() })
    const saved = (await readBrand(deps.db, c.var.viewer.user.id)).brand
    const email = alertEmail(samplePayload(deps.publicUrl), {
      unsubscribeUrl: `${deps.publicUrl}/api/clients/preview/unsubscribe`,
      brand: {
        name: settings.brandName,
        color: settings.primaryColor,
        accentColor: settings.accentColor,
        logoUrl: saved?.logoUrl ? `${deps.publicUrl}${saved.logoUrl}` : null,
        contactEmail: settings.replyTo,
      },
    })
    const res = c.html(email.html)
    res.headers.set('Content-Security-Policy', PREVIEW_CSP)
    res.headers.set('X-Frame-Options', 'SAMEORIGIN')
    res.headers.set('Cache-Control', 'no-store')
    res.headers.set('Origin-Agent-Cluster', '?0')
    return res
  })
}
