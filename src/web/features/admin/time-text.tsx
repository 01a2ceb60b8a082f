import { formatDateTime, formatRelative } from '../../lib/format.ts'

/** A moment as "5 minutes ago", with the exact time in its title and datetime; "—" for none. */
export function TimeText({ value, empty = '—' }: { value: string | null | undefined; empty?: string }) {
  if (!value) return <span className="text-muted-foreground">{empty}</span>
  return (
    <time dateTime={value} title={formatDateTime(value)} className="whitespace-nowrap">
      {formatRelative(value)}
    </time>
  )
}
