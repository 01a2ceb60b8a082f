import type { EmailBrand, EmailContent } from '../../email/templates.ts'
import type { NotificationRecipient } from '../channel-driver.ts'
import { isDigest, type NoticeContent } from '../notice-content.ts'
import { phoneText, pushMessage, type PushMessage } from './alert-message.ts'
import { alertEmail } from './alert-email.ts'
import { digestEmail } from './digest-email.ts'
import { digestPushMessage, digestSmsText, digestWhatsappText } from './digest-message.ts'

/** Every channel driver renders through these: a single notice or a daily digest (decision 054). */

export function noticeEmail(content: NoticeContent, links: { unsubscribeUrl: string; brand?: EmailBrand | undefined }): EmailContent {
  return isDigest(content) ? digestEmail(content, links) : alertEmail(content, links)
}

/** The SMS or WhatsApp text; an advisor's client reads their advisor's name as the sender. */
export function noticePhoneText(channel: 'sms' | 'whatsapp', content: NoticeContent, to: NotificationRecipient, shortUrl: string): string {
  if (!isDigest(content)) return phoneText(channel, content, to, shortUrl)
  return channel === 'whatsapp' ? digestWhatsappText(content, to.brand?.name) : digestSmsText(content, to.brand?.name)
}

export function noticePushMessage(content: NoticeContent): PushMessage {
  return isDigest(content) ? digestPushMessage(content) : pushMessage(content)
}
