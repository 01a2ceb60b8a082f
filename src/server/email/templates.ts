import { PRODUCT_NAME, SUPPORT_EMAIL } from '#shared/site.ts'

/** What a message builder returns; the caller adds the recipient. */
export interface EmailContent {
  subject: string
  text: string
  html: string
}

/** The parts every FareDrop email has, rendered by `renderEmail` into HTML and plain text. */
export interface EmailLayout {
  subject: string
  /** The line inbox lists show after the subject. */
  preview: string
  heading: string
  /** Omitted by notices that open straight with the news. */
  greeting?: string
  /** Paragraphs before the button. */
  intro: string[]
  /** Ready-made sections between the intro and the button (a price box, a chart), each with a text twin. */
  blocks?: EmailBlock[]
  action: { label: string; url: string }
  /** A second, outlined button beside the first ("Book this fare"); the two wrap on narrow screens. */
  secondaryAction?: { label: string; url: string }
  /** Paragraphs after the button: expiry, what to do if the email was unexpected. */
  outro: string[]
  /** Ends "You received this because …": why this address got the email. */
  reason: string
  /** A visible unsubscribe link in the footer (the List-Unsubscribe header's twin). */
  unsubscribe?: { label: string; url: string }
  /** An advisor's brand for notices to their clients (white-label, decision 043); FareDrop's otherwise. */
  brand?: EmailBrand
}

/**
 * A white-label brand as emails show it. The colour is a checked `#rrggbb` (shared/brand.ts), the
 * logo an https URL on our own origin; the name is escaped like every text.
 */
export interface EmailBrand {
  name: string
  color: string
  /** The price-drop line's colour (also checked against white). */
  accentColor?: string
  logoUrl: string | null
  /** Where the client's questions go (the advisor's reply-to); FareDrop support when null. */
  contactEmail: string | null
}

/** A section of an email: `html` is trusted markup built with `escapeHtml`, `text` its plain-text version. */
export interface EmailBlock {
  html: string
  text: string
}

const BRAND_COLOR = '#1d4ed8'
const TEXT = '#0f172a'
const MUTED = '#64748b'
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

/** The palette, for blocks built outside this file. */
export const EMAIL_COLORS = { brand: BRAND_COLOR, text: TEXT, muted: MUTED, good: '#15803d', border: '#e2e8f0' } as const

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

function paragraph(text: string, color = TEXT): string {
  return `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${color};">${escapeHtml(text)}</p>`
}

/**
 * Two buttons side by side: left-aligned tables float next to each other where there is room and
 * stack on a phone (the classic responsive-email way; media queries are dropped by many clients).
 */
function buttonPair(primaryRow: string, secondary: { label: string; url: string }, color: string): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px;"><tr><td>
<table role="presentation" align="left" cellpadding="0" cellspacing="0" border="0" style="margin:0 12px 8px 0;">
${primaryRow}
</table>
<table role="presentation" align="left" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 8px;">
<tr><td style="border-radius:8px;border:2px solid ${color};background-color:#ffffff;">
<a href="${escapeHtml(secondary.url)}" target="_blank" style="display:inline-block;padding:10px 22px;font-size:16px;font-weight:600;color:${color};text-decoration:none;">${escapeHtml(secondary.label)}</a>
</td></tr>
</table>
</td></tr></table>`
}

// Email clients ignore <style> blocks and flexbox, so the layout is nested tables with inline styles.
function renderHtml(layout: EmailLayout): string {
  const color = layout.brand?.color ?? BRAND_COLOR
  const url = escapeHtml(layout.action.url)
  const primaryButton = `<tr><td bgcolor="${color}" style="border-radius:8px;background-color:${color};">
<a href="${url}" target="_blank" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;">${escapeHtml(layout.action.label)}</a>
</td></tr>`
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(layout.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f1f5f9;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(layout.preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f1f5f9;">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;font-family:${FONT};">
<tr><td style="padding:0 8px 24px;font-size:24px;font-weight:700;color:${color};">${brandHeader(layout.brand)}</td></tr>
<tr><td style="background-color:#ffffff;border-radius:12px;border-top:4px solid ${color};padding:32px;">
<h1 style="margin:0 0 24px;font-size:22px;line-height:30px;color:${TEXT};">${escapeHtml(layout.heading)}</h1>
${[...(layout.greeting ? [layout.greeting] : []), ...layout.intro].map((text) => paragraph(text)).join('\n')}
${(layout.blocks ?? []).map((block) => block.html).join('\n')}
${layout.secondaryAction ? buttonPair(primaryButton, layout.secondaryAction, color) : `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">\n${primaryButton}\n</table>`}
<p style="margin:0 0 4px;font-size:14px;line-height:20px;color:${MUTED};">If the button doesn't work, copy this link into your browser:</p>
<p style="margin:0 0 24px;font-size:14px;line-height:20px;word-break:break-all;"><a href="${url}" target="_blank" style="color:${color};">${url}</a></p>
${layout.outro.map((text) => paragraph(text, MUTED)).join('\n')}
</td></tr>
<tr><td style="padding:24px 8px 0;font-size:13px;line-height:20px;color:${MUTED};">
<p style="margin:0 0 8px;">You received this because ${escapeHtml(layout.reason)}</p>
<p style="margin:0;">Questions? Write to <a href="mailto:${escapeHtml(contactEmail(layout))}" style="color:${color};">${escapeHtml(contactEmail(layout))}</a>.</p>
${layout.brand ? `<p style="margin:8px 0 0;">Sent by ${PRODUCT_NAME} for ${escapeHtml(layout.brand.name)}.</p>` : ''}
${
  layout.unsubscribe
    ? `<p style="margin:8px 0 0;"><a href="${escapeHtml(layout.unsubscribe.url)}" target="_blank" style="color:${MUTED};">${escapeHtml(layout.unsubscribe.label)}</a></p>`
    : ''
}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`
}

/** The brand's logo (with its name as the alt text) or its name; FareDrop's name by default. */
function brandHeader(brand: EmailBrand | undefined): string {
  if (!brand) return PRODUCT_NAME
  if (!brand.logoUrl) return escapeHtml(brand.name)
  return `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" height="40" style="display:block;height:40px;max-width:240px;border:0;">`
}

const contactEmail = (layout: EmailLayout) => layout.brand?.contactEmail ?? SUPPORT_EMAIL

function renderText(layout: EmailLayout): string {
  const footer = [`You received this because ${layout.reason}`, `Questions? Write to ${contactEmail(layout)}.`]
  if (layout.brand) footer.push(`Sent by ${PRODUCT_NAME} for ${layout.brand.name}.`)
  if (layout.unsubscribe) footer.push(`${layout.unsubscribe.label}: ${layout.unsubscribe.url}`)
  return [
    layout.brand?.name ?? PRODUCT_NAME,
    layout.heading,
    ...(layout.greeting ? [layout.greeting] : []),
    ...layout.intro,
    ...(layout.blocks ?? []).map((block) => block.text),
    `${layout.action.label}: ${layout.action.url}`,
    ...(layout.secondaryAction ? [`${layout.secondaryAction.label}: ${layout.secondaryAction.url}`] : []),
    ...layout.outro,
    `--\n${footer.join('\n')}`,
  ].join('\n\n') + '\n'
}

/** One layout, two bodies: the HTML most clients show and the plain-text twin for the rest. */
export function renderEmail(layout: EmailLayout): EmailContent {
  return { subject: layout.subject, text: renderText(layout), html: renderHtml(layout) }
}

/** "15 minutes", "1 hour", "24 hours". */
function describeMinutes(minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60
    return hours === 1 ? '1 hour' : `${hours} hours`
  }
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}

function greeting(firstName: string | undefined): string {
  const name = firstName?.trim()
  return name ? `Hi ${name},` : 'Hi there,'
}

export function verificationEmail({ firstName, url }: { firstName?: string; url: string }): EmailContent {
  return renderEmail({
    subject: `Confirm your email for ${PRODUCT_NAME}`,
    preview: 'One click and your price alerts can reach you.',
    heading: 'Confirm your email address',
    greeting: greeting(firstName),
    intro: [
      `Thanks for signing up for ${PRODUCT_NAME}. Confirm that this address is yours so we can email you when the fares you watch drop.`,
    ],
    action: { label: 'Confirm email', url },
    outro: [
      'For your security the link only works for a limited time.',
      `If you didn't create a ${PRODUCT_NAME} account, you can ignore this email: nothing happens until the address is confirmed.`,
    ],
    reason: `someone signed up for ${PRODUCT_NAME} with this email address.`,
  })
}

export function magicLinkEmail({ url, expiresInMinutes }: { url: string; expiresInMinutes: number }): EmailContent {
  const expiry = describeMinutes(expiresInMinutes)
  return renderEmail({
    subject: `Your ${PRODUCT_NAME} sign-in link`,
    preview: `Sign in with one click. The link expires in ${expiry}.`,
    heading: `Sign in to ${PRODUCT_NAME}`,
    greeting: 'Hi there,',
    intro: ['Use the link below to sign in. No password needed.'],
    action: { label: `Sign in to ${PRODUCT_NAME}`, url },
    outro: [
      `The link expires in ${expiry}.`,
      "If you didn't ask to sign in, you can ignore this email: nobody can sign in without this link.",
    ],
    reason: `someone asked to sign in to ${PRODUCT_NAME} with this email address.`,
  })
}

export function passwordResetEmail({
  firstName,
  url,
  expiresInMinutes,
}: {
  firstName?: string
  url: string
  expiresInMinutes: number
}): EmailContent {
  const expiry = describeMinutes(expiresInMinutes)
  return renderEmail({
    subject: `Reset your ${PRODUCT_NAME} password`,
    preview: `Choose a new password. The link expires in ${expiry}.`,
    heading: 'Reset your password',
    greeting: greeting(firstName),
    intro: [`We received a request to reset the password of your ${PRODUCT_NAME} account. Use the link below to choose a new one.`],
    action: { label: 'Choose a new password', url },
    outro: [
      `The link expires in ${expiry}.`,
      "If you didn't ask for this, you can ignore this email: your password stays the same.",
    ],
    reason: `someone asked to reset the password of the ${PRODUCT_NAME} account for this email address.`,
  })
}

/** After a tier change (billing or an admin): what the new plan gives, and what happened to the alerts. */
export function planChangedEmail(input: {
  fromPlan: string
  toPlan: string
  upgrade: boolean
  /** What the new plan includes, as one sentence part ("up to 15 price alerts, checks every 12 hours, …"). */
  includes: string
  paused: number
  resumed: number
  alertsUrl: string
  profileUrl: string
}): EmailContent {
  const alerts = (n: number) => (n === 1 ? '1 alert' : `${n} alerts`)
  const intro = input.upgrade
    ? [`Thanks for choosing ${input.toPlan}. It is active now: ${input.includes}.`]
    : [`Your ${input.fromPlan} plan has ended, so your account is on the ${input.toPlan} plan: ${input.includes}.`]
  if (input.resumed > 0) intro.push(`${alerts(input.resumed)} that your earlier plan paused ${input.resumed === 1 ? 'is' : 'are'} running again.`)
  if (input.paused > 0) {
    intro.push(
      `To fit the ${input.toPlan} plan we paused ${alerts(input.paused)} (your newest). Nothing was deleted: upgrade again and they resume, or pause others and resume the ones you want.`,
    )
  }
  return renderEmail({
    subject: `Your ${PRODUCT_NAME} plan is now ${input.toPlan}`,
    preview: input.upgrade ? `${input.toPlan} is active: ${input.includes}.` : `Your ${input.fromPlan} plan has ended.`,
    heading: `You're on ${input.toPlan}`,
    greeting: 'Hi there,',
    intro,
    action: input.upgrade ? { label: 'Go to your alerts', url: input.alertsUrl } : { label: 'See plans', url: input.profileUrl },
    outro: ['You can see your plan, billing history and renewal date on your profile at any time.'],
    reason: `your ${PRODUCT_NAME} plan changed.`,
  })
}

/** A renewal payment failed: the plan continues for a grace period while the card is fixed. */
export function paymentFailedEmail(input: { plan: string; graceDays: number; profileUrl: string }): EmailContent {
  return renderEmail({
    subject: `Payment failed for your ${PRODUCT_NAME} ${input.plan} plan`,
    preview: 'Update your card to keep your plan.',
    heading: 'We could not renew your plan',
    greeting: 'Hi there,',
    intro: [
      `The payment for your ${input.plan} plan did not go through. Your plan stays active for up to ${input.graceDays} days while we retry.`,
      'Update your card in Manage billing to keep your alerts running as they are.',
    ],
    action: { label: 'Update your card', url: input.profileUrl },
    outro: [`If the payment still fails, your account moves to the Free plan and alerts over its limit are paused (never deleted).`],
    reason: `you have a paid ${PRODUCT_NAME} plan.`,
  })
}
