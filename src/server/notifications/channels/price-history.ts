import { formatPrice, formatShortDate } from '#shared/format.ts'
import { EMAIL_COLORS, escapeHtml, type EmailBlock } from '../../email/templates.ts'

/**
 * The small price-history picture in alert emails. Email clients drop SVG, canvas, scripts and
 * (often) remote images, and Outlook ignores most CSS, so the chart is a table: one column per
 * recorded price, each a cell whose height and background colour draw a bar.
 */

export const HISTORY_MAX_BARS = 14
const BAR_MIN_PX = 6
const BAR_MAX_PX = 64
const ABOVE_TARGET = '#93c5fd'

export function priceHistoryBlock(
  history: readonly { price: number; recordedAt: string }[],
  { targetPrice, currency }: { targetPrice: number; currency: string },
): EmailBlock | null {
  const points = history.slice(-HISTORY_MAX_BARS)
  if (points.length < 2) return null
  const prices = points.map((point) => point.price)
  const low = Math.min(...prices)
  const high = Math.max(...prices)
  const money = (amount: number) => formatPrice(amount, currency)
  const day = (iso: string) => formatShortDate(new Date(iso))
  const lowest = points.find((point) => point.price === low)!
  const summary = `Lowest ${money(low)} on ${day(lowest.recordedAt)} · highest ${money(high)} · your target ${money(targetPrice)}`
  // Equal prices would divide by zero; draw them as a flat, mid-height row.
  const height = (price: number) =>
    high === low ? Math.round((BAR_MIN_PX + BAR_MAX_PX) / 2) : Math.round(BAR_MIN_PX + ((price - low) / (high - low)) * (BAR_MAX_PX - BAR_MIN_PX))

  const bars = points
    .map((point) => {
      const h = height(point.price)
      const color = point.price <= targetPrice ? EMAIL_COLORS.good : ABOVE_TARGET
      const label = escapeHtml(`${day(point.recordedAt)}: ${money(point.price)}`)
      return `<td valign="bottom" style="padding:0 2px;vertical-align:bottom;" title="${label}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td height="${h}" bgcolor="${color}" style="height:${h}px;line-height:${h}px;font-size:1px;background-color:${color};border-radius:2px 2px 0 0;">&nbsp;</td></tr></table>
</td>`
    })
    .join('\n')
  const first = escapeHtml(day(points[0]!.recordedAt))
  const last = escapeHtml(day(points.at(-1)!.recordedAt))
  const html = `<table role="img" aria-label="${escapeHtml(`Price history: ${summary}`)}" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 8px;">
<tr style="height:${BAR_MAX_PX}px;">
${bars}
</tr>
<tr>
<td colspan="${Math.ceil(points.length / 2)}" align="left" style="padding-top:4px;font-size:12px;line-height:16px;color:${EMAIL_COLORS.muted};">${first}</td>
<td colspan="${Math.floor(points.length / 2)}" align="right" style="padding-top:4px;font-size:12px;line-height:16px;color:${EMAIL_COLORS.muted};">${last}</td>
</tr>
</table>
<p style="margin:0 0 24px;font-size:13px;line-height:20px;color:${EMAIL_COLORS.muted};">${escapeHtml(summary)}. Green bars are at or below your target.</p>`
  const text = `Recent prices, oldest first: ${prices.map(money).join(', ')}.\n${summary}.`
  return { html, text }
}
