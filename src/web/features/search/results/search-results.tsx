import { useCallback, useRef, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { decodeFlexible } from '#shared/flights/search-url.ts'
import { useFlightSearch } from '../use-flight-search.ts'
import { FlexibleResults } from './flexible-results.tsx'
import { IdleState, SearchErrorState, SearchingState } from './results-states.tsx'
import { TrackAlertDialog } from './track-alert-dialog.tsx'
import { TripResults } from './trip-results.tsx'

/**
 * Everything below the search form: idle prompt, searching skeleton, the spec's error, and the
 * results of the URL's search (TripResults: choose each leg, then booking options). Where the
 * search stands comes from its query (useFlightSearch), the same one the form observes.
 */
export function SearchResults() {
  const { search, status, response, errorMessage, rerun } = useFlightSearch()
  const flexible = decodeFlexible(useLocation().search) !== null
  const sectionRef = useRef<HTMLElement>(null)
  // A booking link lands on its fare: on a phone the form fills the screen, so bring the results up.
  const revealResults = useCallback(() => {
    const section = sectionRef.current
    if (!section || section.getBoundingClientRect().top < window.innerHeight - 160) return
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    section.scrollIntoView?.({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' })
  }, [])

  let body: ReactNode
  // A flexible-date search lists date pairs instead of flights (a link whose month has passed: the form says why).
  if (flexible) body = <FlexibleResults />
  else if (status === 'searching') body = <SearchingState />
  else if (status === 'error') body = <SearchErrorState message={errorMessage} onRetry={rerun} />
  else if (search && response) body = <TripResults search={search} outbound={response} onPickDone={revealResults} />
  else body = <IdleState />

  return (
    <section ref={sectionRef} aria-label="Search results" className="scroll-mt-20">
      {body}
      <TrackAlertDialog />
    </section>
  )
}
