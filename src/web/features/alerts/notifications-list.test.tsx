import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AlertNotificationRecord } from './api.ts'
import { NotificationsList } from './notifications-list.tsx'

const notice = (overrides: Partial<AlertNotificationRecord>): AlertNotificationRecord => ({
  id: 'n',
  channel: 'email',
  status: 'sent',
  attempts: 1,
  price: 420,
  createdAt: '2030-01-31T10:00:00.000Z',
  sentAt: '2030-01-31T10:01:00.000Z',
  nextAttemptAt: null,
  note: null,
  inDigest: false,
  ...overrides,
})

describe('NotificationsList', () => {
  it('shows each notice with its channel, price, time and delivery status', () => {
    render(
      <NotificationsList
        currency="USD"
        notifications={[
          notice({ id: 'sent', channel: 'email' }),
          notice({ id: 'pending', channel: 'push', status: 'pending', attempts: 0, sentAt: null, nextAttemptAt: '2030-01-31T10:00:00.000Z' }),
          notice({ id: 'retrying', channel: 'sms', status: 'pending', attempts: 2, sentAt: null, nextAttemptAt: '2030-01-31T10:05:00.000Z' }),
          notice({ id: 'dead', channel: 'whatsapp', status: 'dead', attempts: 8, sentAt: null, price: 399.5 }),
          notice({ id: 'skipped', channel: 'sms', status: 'skipped', attempts: 1, sentAt: null, note: 'no phone number on the profile' }),
        ]}
      />,
    )
    const rows = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem')
    // Times are local; the pattern only checks their shape.
    const text = (index: number) => rows[index]!.textContent
    expect(rows.map((row) => within(row).getByText(/^(Sent|Pending|Retrying|Failed|Skipped)$/).textContent)).toEqual(['Sent', 'Pending', 'Retrying', 'Failed', 'Skipped'])
    expect(text(0)).toMatch(/^Email · \$420Sent \w{3} \d\d?, \d\d:\d\dSent$/)
    expect(text(1)).toMatch(/^Push · \$420\w{3} \d\d?, \d\d:\d\dPending$/)
    expect(text(2)).toMatch(/^SMS · \$420\w{3} \d\d?, \d\d:\d\d · Next try \d\d:\d\dRetrying$/)
    expect(text(3)).toMatch(/^WhatsApp · \$399\.50?\w{3} \d\d?, \d\d:\d\dFailed$/)
    expect(text(4)).toMatch(/^SMS · \$420\w{3} \d\d?, \d\d:\d\d · Not sent: no phone number on the profileSkipped$/)
  })

  it('says when there are none', () => {
    render(<NotificationsList currency="USD" notifications={[]} />)
    expect(screen.getByText('No notifications yet')).toBeInTheDocument()
  })
})

describe('notices that wait on purpose', () => {
  it('says a notice waits for the daily digest or for quiet hours to end, and that one went out in a digest', () => {
    render(
      <NotificationsList
        currency="USD"
        notifications={[
          notice({ id: 'digest', status: 'pending', attempts: 0, sentAt: null, createdAt: '2030-01-31T10:00:00.000Z', nextAttemptAt: '2030-02-01T08:00:00.000Z', inDigest: true }),
          notice({ id: 'quiet', status: 'pending', attempts: 0, sentAt: null, createdAt: '2030-01-31T23:00:00.000Z', nextAttemptAt: '2030-02-01T07:00:00.000Z' }),
          notice({ id: 'sent-digest', inDigest: true }),
        ]}
      />,
    )
    const rows = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem')
    expect(rows[0]!.textContent).toMatch(/ · In the daily digest of \w{3} \d\d?, \d\d:\d\dPending$/)
    expect(rows[1]!.textContent).toMatch(/ · Held until \w{3} \d\d?, \d\d:\d\dPending$/)
    expect(rows[2]!.textContent).toMatch(/Sent \w{3} \d\d?, \d\d:\d\d in the daily digestSent$/)
  })
})
