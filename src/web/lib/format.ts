import { format, formatDistanceStrict, isValid, parseISO } from 'date-fns'

function toDate(value: string | Date): Date {
  return typeof value === 'string' ? parseISO(value) : value
}

/** 'Mar 5, 2026' */
export function formatDay(value: string | Date): string {
  const date = toDate(value)
  return isValid(date) ? format(date, 'MMM d, yyyy') : ''
}

/** 'Mar 5, 2026, 10:04 AM' */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value)
  return isValid(date) ? format(date, 'MMM d, yyyy, h:mm a') : ''
}

/** '5 minutes ago', or 'just now' within the last minute. */
export function formatRelative(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value)
  if (!isValid(date)) return ''
  if (Math.abs(now.getTime() - date.getTime()) < 60_000) return 'just now'
  return formatDistanceStrict(date, now, { addSuffix: true })
}

/** Initials for an avatar: 'Ana Lima' → 'AL', 'ana@example.com' → 'A'. */
export function initials(name: string, email: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  if (parts.length >= 2) return `${parts[0]![0]}${parts[parts.length - 1]![0]}`.toUpperCase()
  if (parts.length === 1) return parts[0]!.slice(0, 2).toUpperCase()
  return (email[0] ?? '?').toUpperCase()
}
