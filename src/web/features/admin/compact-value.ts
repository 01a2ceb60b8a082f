/** A JSON-ish value in one short line: "3", "yes", "a, b", "{ from: JFK, to: LHR }". */
export function compactValue(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (typeof value === 'number') return value.toLocaleString('en-US')
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(compactValue).join(', ')
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
    return entries.length === 0 ? '—' : `{ ${entries.map(([key, inner]) => `${key}: ${compactValue(inner)}`).join(', ')} }`
  }
  return String(value)
}

/** "sessionsRevoked" / "sessions_revoked" → "Sessions revoked" */
export function keyLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
