import type { AlertNotificationPayload } from '../../db/schema.ts'
import { EMAIL_COLORS, escapeHtml, renderEmail, type EmailBlock, type EmailBrand, type EmailContent } from '../../email/templates.ts'
import { formatPrice } from '#shared/format.ts'
import { alertSubject, bagsLine, describeDates, describeDrop, routeLabel } from './alert-message.ts'
import { priceHistoryBlock } from './price-history.ts'

/** The price box: the new fare large, the drop against the target, the trip and the itinerary in brief. */
export function priceBlock(p: AlertNotificationPayload, accent: string = EMAIL_COLORS.good): EmailBlock {
  const dates = describeDates(p)
  const lines = [routeLabel(p), dates, bagsLine(p), p.itinerarySummary].filter((line): line is string => !!line)
  const price = formatPrice(p.price, p.currency)
  const drop = describeDrop(p)
  const html = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;border:1px solid ${EMAIL_COLORS.border};border-radius:8px;">
<tr><td style="padding:20px 24px;">
<p style="margin:0;font-size:32px;line-height:40px;font-weight:700;color:${EMAIL_COLORS.text};">${escapeHtml(price)}</p>
<p style="margin:4px 0 12px;font-size:16px;line-height:24px;font-weight:600;color:${accent};">${escapeHtml(drop)}</p>
${lines.map((line) => `<p style="margin:0;font-size:15px;line-height:22px;color:${EMAIL_COLORS.text};">${escapeHtml(line)}</p>`).join('\n')}
</td></tr>
</table>`
  return { html, text: [`${price}: ${drop}.`, ...lines].join('\n') }
}

/** The price-drop email: FareDrop's layout with the price box, the history bars and both links. */
export function alertEmail(p: AlertNotificationPayload, { unsubscribeUrl, brand }: { unsubscribeUrl: string; brand?: EmailBrand | undefined }): EmailContent {
  const history = priceHistoryBlock(p.history, { targetPrice: p.targetPrice, currency: p.currency })
  return renderEmail({
    subject: alertSubject(p),
    preview: `${routeLabel(p)} is ${formatPrice(p.price, p.currency)}, ${describeDrop(p)}.`,
    heading: `Price drop on ${routeLabel(p)}`,
    intro: [introText(p, brand)],
    blocks: [priceBlock(p, brand?.accentColor), ...(history ? [history] : [])],
    action: { label: 'Search now', url: p.searchUrl },
    ...(p.bookingUrl ? { secondaryAction: { label: 'Book this fare', url: p.bookingUrl } } : {}),
    outro: ['Fares move quickly: the price was right when we checked, and the seller has the final word.'],
    reason: brand ? `${brand.name} set up the fare alert "${p.alertName}" for you, and you confirmed this address.` : `you set the price alert "${p.alertName}" on FareDrop.`,
    unsubscribe: { label: brand ? `Stop fare alert emails from ${brand.name}` : 'Stop emails for this alert', url: unsubscribeUrl },
    ...(brand ? { brand } : {}),
  })
}

/** RFC 8058 one-click unsubscribe: mail clients POST "List-Unsubscribe=One-Click" to the URL. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
}

/** What the alert found, in the words of its rule (decision 051). */
function introText(p: AlertNotificationPayload, brand: EmailBrand | undefined): string {
  const found =
    p.rule?.trigger === 'new_low'
      ? 'a new lowest price since tracking began'
      : p.rule?.trigger === 'drop'
        ? p.rule.dropPercent !== null
          ? `the ${p.rule.dropPercent}% drop you asked for`
          : 'the drop you asked for'
        : brand
          ? 'one at or below your target'
          : 'a fare at or below your target'
  return brand ? `${brand.name} is watching fares for you: "${p.alertName}" found ${found}.` : `Your alert "${p.alertName}" found ${found}.`
}
