import { PRODUCT_NAME } from '#shared/site.ts'
import { renderEmail, type EmailContent } from '../email/templates.ts'
import type { AdvisorBrand } from './advisor-brand.ts'

/**
 * The double opt-in request: who asks (the advisor's brand), what the client will get, and that
 * ignoring it is enough to hear nothing more. No price or trip in it: an address typed wrong
 * must learn nothing about the client.
 */
export function confirmationEmail(brand: AdvisorBrand, links: { confirm: string; unsubscribe: string }): EmailContent {
  return renderEmail({
    subject: `${brand.name} would like to send you fare alerts`,
    preview: `Confirm to get an email when a fare ${brand.name} watches for you drops.`,
    heading: `Confirm fare alerts from ${brand.name}`,
    intro: [
      `${brand.name} uses ${PRODUCT_NAME} to watch flight prices for you, and would like us to email you when a fare they track for you drops.`,
      'Confirm this address to start getting those emails. You can stop them at any time with the link at the bottom of each one.',
    ],
    action: { label: 'Confirm my email', url: links.confirm },
    outro: [`If you don't know ${brand.name} or didn't expect this, ignore this email: you won't get fare alerts unless you confirm.`],
    reason: `${brand.name} added this address as a client on ${PRODUCT_NAME}.`,
    unsubscribe: { label: "Don't email me again", url: links.unsubscribe },
    brand,
  })
}

/** The same request by text: short, the link to confirm and how to refuse. */
export const confirmationText = (brand: AdvisorBrand, confirmUrl: string) =>
  `${brand.name} would like to send you fare alerts by text via ${PRODUCT_NAME}. Confirm: ${confirmUrl} Not expected? Ignore this message.`
