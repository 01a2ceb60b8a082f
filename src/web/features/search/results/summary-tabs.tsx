import type { Itinerary } from '#shared/flights/model.ts'
import { formatDuration } from '#shared/format.ts'
import { cn } from '../../../lib/cn.ts'
import { priceText } from './itinerary-text.ts'
import type { ResultsSummary } from './post-search-filters.ts'

export type SummaryView = 'best' | 'cheapest' | 'fastest'

const LABELS: Record<SummaryView, string> = { best: 'Best', cheapest: 'Cheapest', fastest: 'Fastest' }

/**
 * Best / Cheapest / Fastest: each shows its headline price and duration and, pressed, orders the
 * list that way (Best = the grouped default view, Cheapest = one list by price, Fastest = by
 * duration). Toggle buttons rather than tabs: they reorder one list instead of switching panels.
 */
export function SummaryTabs({ summary, active, onChange }: { summary: ResultsSummary; active: SummaryView | null; onChange: (view: SummaryView) => void }) {
  return (
    <div role="group" aria-label="Sort by best, cheapest or fastest" className="grid grid-cols-3 overflow-hidden rounded-xl border bg-card">
      {(Object.keys(LABELS) as SummaryView[]).map((view, i) => {
        const itinerary: Itinerary | null = summary[view]
        const pressed = active === view
        return (
          <button
            key={view}
            type="button"
            aria-pressed={pressed}
            disabled={!itinerary}
            onClick={() => onChange(view)}
            className={cn(
              'relative flex min-h-14 flex-col items-start justify-center gap-0.5 px-3 py-2 text-left transition-colors sm:px-4',
              i > 0 && 'border-l',
              'hover:bg-accent/60 focus-visible:z-10 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring disabled:opacity-50',
              pressed && 'bg-primary/5 after:absolute after:inset-x-0 after:bottom-0 after:h-0.5 after:bg-primary',
            )}
          >
            <span className={cn('text-sm font-semibold', pressed && 'text-primary')}>{LABELS[view]}</span>{' '}
            {itinerary ? (
              <span className="text-xs text-muted-foreground tabular-nums">
                <span className="font-medium text-foreground">{priceText(itinerary)}</span>
                <span aria-hidden="true"> · </span>
                <span className="sr-only">,</span>{' '}
                {formatDuration(itinerary.durationMinutes)}
              </span>
            ) : (
              <span className="text-xs text-muted-foreground">—</span>
            )}
          </button>
        )
      })}
    </div>
  )
}
