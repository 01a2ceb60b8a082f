import { Hono, type Context } from 'hono'
import type { Db } from '../db/client.ts'
import { isAlertId } from '../alerts/alert-scope.ts'
import { AppError } from '../lib/app-error.ts'
import type { UnsubscribeLinks } from './unsubscribe-token.ts'
import { previewUnsubscribe, unsubscribeAlertEmail, type UnsubscribeOutcome } from './unsubscribe-alert-email.ts'
import { previewDigestUnsubscribe, unsubscribeDigestEmail } from './unsubscribe-digest-email.ts'
import { renderUnsubscribePage, type UnsubscribePage } from '../http/notice-page.ts'

const INVALID: UnsubscribePage = {
  title: "This unsubscribe link isn't valid",
  paragraphs: ['Copy the whole link from the email, or manage your alerts after signing in.'],
}
const GONE: UnsubscribePage = { title: 'This alert no longer exists', paragraphs: ["It was deleted, so it won't email you again."] }
const DIGEST_GONE: UnsubscribePage = { title: 'This digest no longer exists', paragraphs: ["Its alerts were deleted, so they won't email you again."] }
const DIGEST_ALREADY: UnsubscribePage = { title: "You're already unsubscribed", paragraphs: ["None of the alerts in this digest email you."] }

/** "“Lisbon in May” and “Tokyo”". */
const nameList = (names: readonly string[]) => {
  const quoted = names.map((name) => `"${name}"`)
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`
}

const DONE: Record<UnsubscribeOutcome, (name: string) => UnsubscribePage> = {
  'email-off': (name) => ({ title: "You're unsubscribed", paragraphs: [`"${name}" won't email you any more. Its other channels stay on.`] }),
  paused: (name) => ({ title: 'Alert paused', paragraphs: [`"${name}" won't email you any more: email was its only channel, so it is paused. Resume it from your alerts whenever you like.`] }),
  already: (name) => ({ title: "You're already unsubscribed", paragraphs: [`"${name}" doesn't email you.`] }),
}

/**
 * RFC 8058 one-click unsubscribe, mounted at /api/alerts before the signed-in alert routes:
 * - POST /:id/unsubscribe?token=… is what mail clients send (no cookies, no Origin we know); the
 *   signed token is the authority, so the route is exempt from the origin check.
 * - GET shows a confirmation page whose button makes that POST: a GET never changes anything,
 *   because link scanners and prefetchers open every link in an email.
 * 200 for a valid token, 400 for a bad one, 404 when the alert is gone.
 * A daily digest's email (decision 054) has its own link, /digests/:id/unsubscribe, for every alert in it.
 */
export function unsubscribeRoutes(deps: { db: Db; now: () => Date; notifications: { unsubscribeLinks: UnsubscribeLinks } }) {
  const page = (c: Context, content: UnsubscribePage, status: 200 | 400 | 404) => {
    const res = c.html(renderUnsubscribePage(content, c.get('secureHeadersNonce') ?? ''), status)
    // The token is in the URL: keep the page out of caches and other sites' referrers.
    res.headers.set('Cache-Control', 'no-store')
    res.headers.set('Referrer-Policy', 'no-referrer')
    return res
  }
  const verified = (c: Context): string | null => {
    const id = c.req.param('id') ?? ''
    const token = c.req.query('token') ?? ''
    return isAlertId(id) && deps.notifications.unsubscribeLinks.verify(id, token) ? id : null
  }
  const wantsHtml = (c: Context) => (c.req.header('accept') ?? '').includes('text/html')
  const verifiedDigest = (c: Context): string | null => {
    const id = c.req.param('id') ?? ''
    const token = c.req.query('token') ?? ''
    return isAlertId(id) && deps.notifications.unsubscribeLinks.verifyDigest(id, token) ? id : null
  }

  return new Hono()
    .get('/digests/:id/unsubscribe', async (c) => {
      const id = verifiedDigest(c)
      if (!id) return page(c, INVALID, 400)
      const preview = await previewDigestUnsubscribe(deps.db, id)
      if (!preview) return page(c, DIGEST_GONE, 404)
      if (preview.names.length === 0) return page(c, DIGEST_ALREADY, 200)
      return page(
        c,
        {
          title: 'Stop emails for the alerts in this digest?',
          paragraphs: [
            `You'll stop getting emails about ${nameList(preview.names)}.`,
            ...(preview.pausing.length > 0 ? [`Email is the only channel of ${nameList(preview.pausing)}, so ${preview.pausing.length === 1 ? 'it' : 'they'} will be paused; you can resume from your alerts.`] : []),
          ],
          form: { action: c.req.url.replace(/^https?:\/\/[^/]+/, ''), label: 'Unsubscribe' },
        },
        200,
      )
    })
    .post('/digests/:id/unsubscribe', async (c) => {
      const id = verifiedDigest(c)
      if (!id) {
        if (wantsHtml(c)) return page(c, INVALID, 400)
        throw new AppError('bad_request', 'This unsubscribe link is not valid.')
      }
      try {
        const { alerts } = await unsubscribeDigestEmail(deps, id)
        const changed = alerts.filter((alert) => alert.outcome !== 'already')
        if (wantsHtml(c)) {
          if (changed.length === 0) return page(c, DIGEST_ALREADY, 200)
          return page(c, { title: "You're unsubscribed", paragraphs: [`${nameList(changed.map((alert) => alert.name))} won't email you any more. Their other channels stay on; an alert whose only channel was email is paused.`] }, 200)
        }
        return c.json({ success: true, alerts })
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found' && wantsHtml(c)) return page(c, DIGEST_GONE, 404)
        throw error
      }
    })
    .get('/:id/unsubscribe', async (c) => {
      const id = verified(c)
      if (!id) return page(c, INVALID, 400)
      const preview = await previewUnsubscribe(deps.db, id)
      if (!preview) return page(c, GONE, 404)
      if (!preview.emailOn) return page(c, DONE.already(preview.alertName), 200)
      return page(
        c,
        {
          title: 'Stop emails for this alert?',
          paragraphs: [
            `You'll stop getting emails about "${preview.alertName}".`,
            ...(preview.wouldPause ? ['Email is its only channel, so the alert will be paused; you can resume it from your alerts.'] : []),
          ],
          form: { action: c.req.url.replace(/^https?:\/\/[^/]+/, ''), label: 'Unsubscribe' },
        },
        200,
      )
    })
    .post('/:id/unsubscribe', async (c) => {
      const id = verified(c)
      if (!id) {
        if (wantsHtml(c)) return page(c, INVALID, 400)
        throw new AppError('bad_request', 'This unsubscribe link is not valid.')
      }
      try {
        const { outcome, alertName } = await unsubscribeAlertEmail(deps, id)
        if (wantsHtml(c)) return page(c, DONE[outcome](alertName), 200)
        return c.json({ success: true, outcome })
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found' && wantsHtml(c)) return page(c, GONE, 404)
        throw error
      }
    })
}
