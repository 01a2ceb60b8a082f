import { formatPrice } from '#shared/format.ts'
import { PRODUCT_NAME } from '#shared/site.ts'
import { EMAIL_COLORS, escapeHtml, renderEmail, type EmailBlock, type EmailBrand, type EmailContent } from '../../email/templates.ts'
import type { DigestContent, DigestEntry } from '../notice-content.ts'
import { routeLabel } from './alert-message.ts'
import { priceBlock } from './alert-email.ts'
import { digestSubject, earlierEvents } from './digest-message.ts'

const link = (label: string, url: string, color: string) =>
  `<a href="${escapeHtml(url)}" target="_blank" style="color:${color};font-weight:600;">${escapeHtml(label)}</a>`

/** One alert of the digest: its name, the price box a single notice shows, and its own links. */
function entryBlock(entry: DigestEntry, accent: string | undefined): EmailBlock {
  const p = entry.payload
  const box = priceBlock(p, accent)
  const note = earlierEvents(entry)
  const links = [
    link('Search now', p.searchUrl, EMAIL_COLORS.brand),
    ...(p.bookingUrl ? [link('Book this fare', p.bookingUrl, EMAIL_COLORS.brand)] : []),
    ...(entry.unsubscribeUrl ? [link('Stop emails for this alert', entry.unsubscribeUrl, EMAIL_COLORS.muted)] : []),
  ]
  const html = `<p style="margin:0 0 8px;font-size:15px;line-height:22px;font-weight:600;color:${EMAIL_COLORS.text};">${escapeHtml(p.alertName)}</p>
${box.html.replace('margin:0 0 24px;', 'margin:0 0 8px;')}
${note ? `<p style="margin:0 0 8px;font-size:14px;line-height:20px;color:${EMAIL_COLORS.muted};">${escapeHtml(note.charAt(0).toUpperCase() + note.slice(1))}.</p>` : ''}
<p style="margin:0 0 28px;font-size:14px;line-height:20px;">${links.join(' &nbsp;·&nbsp; ')}</p>`
  const text = [
    p.alertName,
    box.text,
    ...(note ? [`(${note})`] : []),
    `Search now: ${p.searchUrl}`,
    ...(p.bookingUrl ? [`Book this fare: ${p.bookingUrl}`] : []),
    ...(entry.unsubscribeUrl ? [`Stop emails for this alert: ${entry.unsubscribeUrl}`] : []),
  ].join('\n')
  return { html, text }
}

/**
 * The daily digest email (decision 054): FareDrop's layout (or an advisor's brand) with one section
 * per alert. The footer's unsubscribe link, like the List-Unsubscribe header, stops email for every
 * alert in this digest; each section has its own link for just that alert.
 */
export function digestEmail(d: DigestContent, { unsubscribeUrl, brand }: { unsubscribeUrl: string; brand?: EmailBrand | undefined }): EmailContent {
  const count = d.entries.length
  const first = d.entries[0]!
  const found = count === 1 ? `Your alert "${first.payload.alertName}" found a fare you asked for` : `${count} of your alerts found fares you asked for`
  const intro = brand ? `${brand.name} is watching fares for you: ${count === 1 ? `"${first.payload.alertName}" found a fare you asked for` : `${count} alerts found fares you asked for`} since the last digest.` : `${found} since the last digest.`
  const preview = d.entries
    .slice(0, 3)
    .map((entry) => `${routeLabel(entry.payload)} ${formatPrice(entry.payload.price, entry.payload.currency)}`)
    .join(', ')
  return renderEmail({
    subject: digestSubject(d),
    preview: count > 3 ? `${preview} and ${count - 3} more.` : `${preview}.`,
    heading: 'Your daily fare digest',
    intro: [intro],
    blocks: d.entries.map((entry) => entryBlock(entry, brand?.accentColor)),
    action: d.alertsUrl ? { label: 'Open your alerts', url: d.alertsUrl } : { label: 'Search now', url: first.payload.searchUrl },
    outro: ['Fares move quickly: each price was right when we checked, and the seller has the final word.'],
    reason: brand
      ? `${brand.name} set up fare alerts for you with a daily digest, and you confirmed this address.`
      : `you chose a daily digest for your price alerts on ${PRODUCT_NAME}.`,
    unsubscribe: { label: brand ? `Stop fare alert emails from ${brand.name}` : 'Stop emails for the alerts in this digest', url: unsubscribeUrl },
    ...(brand ? { brand } : {}),
  })
}
