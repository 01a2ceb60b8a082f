import { Briefcase, ExternalLink, Info, Phone, Plane, RotateCw } from 'lucide-react'
import type { BaggagePrices, BookingDetail, BookingOption } from '#shared/flights/model.ts'
import { baggageByFare } from '#shared/flights/booking-order.ts'
import { formatPrice } from '#shared/format.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button, buttonVariants } from '../../../components/ui/button.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { cn } from '../../../lib/cn.ts'
import { AirlineLogo } from './airline-logo.tsx'
import { isSafeBookingUrl, submitBookingRequest } from './book-action.ts'

export interface BookingOptionsPanelProps {
  status: 'loading' | 'error' | 'ready'
  options: BookingOption[] | null
  baggagePrices: BaggagePrices | null
  currency: string
  onRetry: () => void
}

/** Where to book the chosen flights: baggage prices, then every seller with its fare and price. */
export function BookingOptionsPanel({ status, options, baggagePrices, currency, onRetry }: BookingOptionsPanelProps) {
  return (
    <section aria-labelledby="booking-options-title" className="grid gap-4">
      <h3 id="booking-options-title" className="text-lg font-semibold">
        Booking options
      </h3>
      {status === 'loading' && <BookingSkeleton />}
      {status === 'error' && (
        // Spec section 8: booking-option failures are only logged; the traveller gets a gentle note.
        <div className="flex flex-col gap-3 rounded-xl border border-dashed p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-start gap-2 text-muted-foreground">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            We couldn't load where to book these flights just now. Prices and seats can change quickly, so try again in a moment.
          </p>
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      )}
      {status === 'ready' && options && (
        <>
          <BaggageList baggage={baggagePrices} options={options} />
          {options.length === 0 ? (
            <p className="rounded-xl border border-dashed p-4 text-sm text-muted-foreground">
              No seller is offering these flights right now. Try another combination or search again later.
            </p>
          ) : (
            <ul className="divide-y rounded-xl border bg-card" aria-label="Sellers">
              {options.map((option, i) => (
                <SellerOption key={i} option={option} currency={currency} />
              ))}
            </ul>
          )}
          <p className="text-xs text-muted-foreground">
            You book directly with the seller; FareDrop does not sell tickets. Prices include all passengers and may change on the seller's site.
          </p>
        </>
      )}
    </section>
  )
}

function BookingSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-2 rounded-xl border p-4">
      <span className="sr-only">Loading booking options…</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3 py-2">
          <Skeleton className="size-8" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="h-6 w-16" />
          <Skeleton className="h-9 w-32" />
        </div>
      ))}
    </div>
  )
}

/** The trip's baggage prices, and once per fare what a fare's sellers say beyond them (never per seller). */
function BaggageList({ baggage, options }: { baggage: BaggagePrices | null; options: BookingOption[] }) {
  const groups: Array<[string, string[] | undefined]> = [
    ['', baggage?.together],
    ['Outbound', baggage?.departing],
    ['Return', baggage?.returning],
  ]
  const tripLines = groups.flatMap(([, lines]) => lines ?? [])
  for (const { fare, lines } of baggageByFare(options, tripLines)) groups.push([fare, lines])
  const present = groups.filter(([, lines]) => lines && lines.length > 0)
  if (present.length === 0) return null
  return (
    <div className="rounded-xl border bg-muted/40 p-3 text-sm">
      <h4 className="mb-1 flex items-center gap-2 font-medium">
        <Briefcase className="size-4" aria-hidden="true" />
        Baggage prices
      </h4>
      <div className="grid gap-1 sm:grid-cols-2">
        {present.map(([label, lines]) => (
          <ul key={label || 'all'} className="grid gap-0.5 text-muted-foreground" aria-label={label ? `${label} baggage` : 'Baggage'}>
            {label && <li className="font-medium text-foreground">{label}</li>}
            {lines!.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ))}
      </div>
    </div>
  )
}

function SellerOption({ option, currency }: { option: BookingOption; currency: string }) {
  if (option.separateTickets && (option.departing || option.returning)) {
    return (
      <li className="grid gap-1 p-3 sm:p-4">
        <Badge variant="muted" className="w-fit">
          Separate tickets
        </Badge>
        {option.departing && <SellerDetail detail={option.departing} currency={currency} leg="outbound" />}
        {option.returning && <SellerDetail detail={option.returning} currency={currency} leg="return" />}
      </li>
    )
  }
  const detail = option.together ?? option.departing ?? option.returning
  if (!detail) return null
  return (
    <li className="p-3 sm:p-4">
      <SellerDetail detail={detail} currency={currency} />
    </li>
  )
}

function SellerDetail({ detail, currency, leg }: { detail: BookingDetail; currency: string; leg?: 'outbound' | 'return' }) {
  const logo = detail.logos[0] ?? null
  const local = detail.localPrices.filter((p) => p.currency !== currency)
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <AirlineLogo airline={{ code: null, name: detail.bookWith, logoUrl: logo }} decorative />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {leg && <span className="text-xs font-normal text-muted-foreground">{leg === 'outbound' ? 'Outbound:' : 'Return:'}</span>}
            {detail.bookWith}
            {detail.isAirline && (
              <Badge variant="secondary" className="gap-1">
                <Plane aria-hidden="true" />
                Airline direct
              </Badge>
            )}
          </p>
          {detail.optionTitle && <p className="text-sm text-muted-foreground">{detail.optionTitle}</p>}
          {detail.marketedAs.length > 0 && <p className="text-xs text-muted-foreground">Sold as {detail.marketedAs.join(', ')}</p>}
          {detail.features.length > 0 && (
            <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground" aria-label={`What ${detail.bookWith} includes`}>
              {detail.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="flex items-center justify-between gap-4 sm:justify-end">
        <div className="text-right">
          <p className={cn('text-lg font-bold tabular-nums', detail.price === null && 'text-sm font-medium text-muted-foreground')}>
            {detail.price === null ? 'Price unavailable' : formatPrice(detail.price, currency)}
          </p>
          {local.map((p) => (
            <p key={p.currency} className="text-xs text-muted-foreground tabular-nums">
              {formatPrice(p.price, p.currency)} local price
            </p>
          ))}
        </div>
        <BookAction detail={detail} currency={currency} />
      </div>
    </div>
  )
}

function BookAction({ detail, currency }: { detail: BookingDetail; currency: string }) {
  const label = `Book with ${detail.bookWith}`
  const request = detail.request
  if (request && isSafeBookingUrl(request.url)) {
    if (request.postData) {
      return (
        <Button onClick={() => submitBookingRequest(request)} className="min-w-40">
          {label}
          <ExternalLink aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </Button>
      )
    }
    return (
      <a href={request.url} target="_blank" rel="noopener noreferrer" className={cn(buttonVariants(), 'min-w-40')}>
        {label}
        <ExternalLink aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    )
  }
  if (detail.phone) {
    return (
      <div className="grid min-w-40 justify-items-end gap-0.5 text-right">
        <a
          href={`tel:${detail.phone.replace(/[^\d+]/g, '')}`}
          aria-label={`Call ${detail.bookWith} on ${detail.phone}`}
          className={cn(buttonVariants({ variant: 'outline' }), 'w-full')}
        >
          <Phone aria-hidden="true" />
          {detail.phone}
        </a>
        <span className="text-xs text-muted-foreground">
          Book by phone{detail.phoneServiceFee ? ` · ${formatPrice(detail.phoneServiceFee, currency)} service fee` : ''}
        </span>
      </div>
    )
  }
  return <span className="min-w-40 text-right text-sm text-muted-foreground">Booking link unavailable</span>
}
