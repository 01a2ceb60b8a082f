import { useState } from 'react'
import type { FlightSegment } from '#shared/flights/model.ts'
import { cn } from '../../../lib/cn.ts'

/**
 * Logos load only from where the CSP's img-src allows (same origin and https://www.gstatic.com,
 * which is where Google Flights and SerpApi host airline logos). Any other address would be
 * blocked and logged as a CSP violation, so it gets initials straight away.
 */
const ALLOWED_LOGO = /^(https:\/\/www\.gstatic\.com\/|\/(?!\/))/

export function isAllowedLogoUrl(url: string | null | undefined): url is string {
  return Boolean(url && ALLOWED_LOGO.test(url))
}

export function airlineInitials(airline: Pick<FlightSegment['airline'], 'code' | 'name'>): string {
  if (airline.code) return airline.code.toUpperCase()
  const words = airline.name.split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0]?.slice(0, 2) ?? '?')
  return letters.toUpperCase()
}

const TONES = [
  'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-100',
  'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-100',
  'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
]

function toneFor(key: string): string {
  let hash = 0
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return TONES[hash % TONES.length]!
}

interface AirlineLogoProps {
  airline: FlightSegment['airline']
  className?: string
  /** Set where the airline's name is written right beside the logo, so it is not read twice. */
  decorative?: boolean
}

/** An airline's logo, or its initials when there is none or it fails to load. */
export function AirlineLogo({ airline, className, decorative = false }: AirlineLogoProps) {
  const [failed, setFailed] = useState<string | null>(null)
  const name = airline.name || airline.code || 'Airline'
  const url = airline.logoUrl
  if (isAllowedLogoUrl(url) && failed !== url) {
    return (
      <img
        src={url}
        alt={decorative ? '' : name}
        width={32}
        height={32}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(url)}
        className={cn('size-8 shrink-0 rounded-md bg-white object-contain', className)}
      />
    )
  }
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
      className={cn('inline-flex size-8 shrink-0 items-center justify-center rounded-md text-[11px] font-bold tracking-tight', toneFor(name), className)}
    >
      {airlineInitials(airline)}
    </span>
  )
}

/** One logo, or two overlapping when the itinerary mixes carriers. */
export function AirlineLogos({ airlines, decorative = false }: { airlines: Array<FlightSegment['airline']>; decorative?: boolean }) {
  if (airlines.length <= 1) return airlines[0] ? <AirlineLogo airline={airlines[0]} decorative={decorative} /> : null
  return (
    <span className="relative inline-flex size-8 shrink-0">
      <AirlineLogo airline={airlines[0]!} decorative={decorative} className="absolute top-0 left-0 size-6 text-[9px]" />
      <AirlineLogo airline={airlines[1]!} decorative={decorative} className="absolute right-0 bottom-0 size-6 text-[9px] ring-2 ring-card" />
    </span>
  )
}
