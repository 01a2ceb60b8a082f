import { BellRing } from 'lucide-react'
import { NOTICE_CHANNELS } from '#shared/admin.ts'
import { DebugSection } from './debug-section.tsx'
import { TestNoticeRow } from './test-notice-row.tsx'

/** A test notice to yourself on each channel, through the driver that channel uses. */
export function TestNoticesSection() {
  return (
    <DebugSection
      id="test-notices"
      icon={BellRing}
      title="Send a test notice to yourself"
      description="Goes to your own email, verified phone and registered browsers, through each channel's configured driver."
    >
      <ul className="grid gap-2">
        {NOTICE_CHANNELS.map((channel) => (
          <TestNoticeRow key={channel} channel={channel} />
        ))}
      </ul>
    </DebugSection>
  )
}
