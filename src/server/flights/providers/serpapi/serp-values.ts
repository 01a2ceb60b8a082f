/**
 * Defensive readers for upstream JSON: SerpApi fields go missing or change type now and then, and
 * a bad field must cost that field, not the whole answer.
 */

export function asArray<T>(value: T[] | undefined): T[] {
  return Array.isArray(value) ? value : []
}

export function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

export function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}

export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}
