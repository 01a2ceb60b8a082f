import { ChevronDown, Info, Users } from 'lucide-react'
import { Popover } from 'radix-ui'
import { useId } from 'react'
import { MAX_PASSENGERS, SEARCH_MESSAGES, totalPassengers } from '#shared/flights/search-params.ts'
import { Button } from '../../../components/ui/button.tsx'
import { cn } from '../../../lib/cn.ts'
import { useSearchStore } from '../../../stores/search-store.ts'
import { FieldError } from './field-error.tsx'
import { Stepper } from './stepper.tsx'

export function passengerSummary(adults: number, children: number, infants: number): string {
  const total = adults + children + infants
  if (total === 1) return '1 adult'
  if (children === 0 && infants === 0) return `${adults} adults`
  return `${total} passengers`
}

/**
 * Adults, children, infants in a seat and on a lap, each with −/+ (spec section 3; the infant
 * counts live in the filters). The total never passes 9, and a lap infant needs an adult's lap:
 * buttons that would break a rule are disabled and the rule is shown.
 */
export function PassengersPopover({ error, fieldRef }: { error?: string; fieldRef?: (element: HTMLElement | null) => void }) {
  const id = useId()
  const adults = useSearchStore((state) => state.params.adults)
  const children = useSearchStore((state) => state.params.children)
  const inSeat = useSearchStore((state) => state.filters.infants_in_seat)
  const onLap = useSearchStore((state) => state.filters.infants_on_lap)
  const setParams = useSearchStore((state) => state.setParams)
  const setFilters = useSearchStore((state) => state.setFilters)

  const total = totalPassengers({ adults, children }, { infants_in_seat: inSeat, infants_on_lap: onLap })
  const full = total >= MAX_PASSENGERS
  const capId = `${id}-cap`
  const lapId = `${id}-lap`
  const lapBlocked = onLap >= adults
  const summary = passengerSummary(adults, children, inSeat + onLap)

  return (
    <div className="grid gap-1">
      <Popover.Root>
        <Popover.Trigger asChild>
          <Button
            ref={fieldRef}
            type="button"
            variant="ghost"
            aria-label={`Passengers: ${summary}`}
            aria-describedby={error ? `${id}-error` : undefined}
            className={cn('justify-between gap-2 px-3', error && 'text-destructive ring-1 ring-destructive')}
          >
            <Users aria-hidden="true" />
            <span>{summary}</span>
            <ChevronDown className="text-muted-foreground" aria-hidden="true" />
          </Button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={6}
            // Kept 1rem inside the screen: a phone's popover is nearly as wide as the screen.
            collisionPadding={16}
            aria-label="Passengers"
            className={cn(
              'z-50 w-[min(22rem,calc(100vw-2rem))] rounded-xl border bg-popover p-4 text-popover-foreground shadow-lg outline-none',
              'data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95',
            )}
          >
            <div className="divide-y">
              <Stepper
                label="Adults"
                description="12 years and over"
                unit="adult"
                value={adults}
                min={1}
                max={MAX_PASSENGERS}
                onChange={(value) => setParams({ adults: value })}
                increaseBlockedBy={full ? SEARCH_MESSAGES.tooManyPassengers : undefined}
                decreaseBlockedBy={adults <= onLap && adults > 1 ? SEARCH_MESSAGES.lapInfants : undefined}
                describedBy={[full ? capId : null, adults <= onLap && adults > 1 ? lapId : null].filter(Boolean).join(' ') || undefined}
              />
              <Stepper
                label="Children"
                description="2–11 years"
                unit="child"
                value={children}
                min={0}
                max={8}
                onChange={(value) => setParams({ children: value })}
                increaseBlockedBy={full ? SEARCH_MESSAGES.tooManyPassengers : undefined}
                describedBy={full ? capId : undefined}
              />
              <Stepper
                label="Infants in seat"
                description="Under 2, with their own seat"
                unit="infant in seat"
                value={inSeat}
                min={0}
                max={MAX_PASSENGERS}
                onChange={(value) => setFilters({ infants_in_seat: value })}
                increaseBlockedBy={full ? SEARCH_MESSAGES.tooManyPassengers : undefined}
                describedBy={full ? capId : undefined}
              />
              <Stepper
                label="Infants on lap"
                description="Under 2, one per adult"
                unit="infant on lap"
                value={onLap}
                min={0}
                max={MAX_PASSENGERS}
                onChange={(value) => setFilters({ infants_on_lap: value })}
                increaseBlockedBy={full ? SEARCH_MESSAGES.tooManyPassengers : lapBlocked ? SEARCH_MESSAGES.lapInfants : undefined}
                describedBy={[full ? capId : null, lapBlocked ? lapId : null].filter(Boolean).join(' ') || undefined}
              />
            </div>
            <div className="mt-3 grid gap-1.5 text-xs text-muted-foreground" aria-live="polite">
              {full && (
                <p id={capId} className="flex items-start gap-1.5 font-medium text-foreground">
                  <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                  {SEARCH_MESSAGES.tooManyPassengers}. For bigger groups, contact the airline.
                </p>
              )}
              {lapBlocked && (
                <p id={lapId} className="flex items-start gap-1.5">
                  <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                  {SEARCH_MESSAGES.lapInfants}.
                </p>
              )}
            </div>
            <div className="mt-3 flex justify-end">
              <Popover.Close asChild>
                <Button type="button" size="sm">
                  Done
                </Button>
              </Popover.Close>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <FieldError id={`${id}-error`} message={error} className="px-1" />
    </div>
  )
}
