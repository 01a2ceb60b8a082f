import { ChevronDown } from 'lucide-react'
import { TEST_CARDS, type TestCard } from '#shared/test-cards.ts'
import { Button } from '../../components/ui/button.tsx'
import { formatCardNumber } from './billing-format.ts'

/**
 * Stripe's test numbers, as the test mode accepts them, each one click from the form. Open by
 * default: in test mode a traveller has no other card that works.
 */
export function TestCardList({ onUse }: { onUse: (card: TestCard) => void }) {
  return (
    <details open className="group rounded-md border border-warning/50 bg-background/70">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-3 py-2 font-medium [&::-webkit-details-marker]:hidden">
        {`Test cards (${TEST_CARDS.length})`}
        <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <ul className="divide-y border-t" aria-label="Test cards">
        {TEST_CARDS.map((card) => (
          <li key={card.number} className="flex items-center gap-2 px-3 py-1.5">
            <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-3">
              <span className="font-mono text-[0.8125rem] whitespace-nowrap tabular-nums">{formatCardNumber(card.number)}</span>
              <span className="text-xs text-muted-foreground">{card.description}</span>
            </div>
            <Button
              type="button"
              size="sm"
              variant="outline"
              className="h-7 px-2.5 text-xs"
              aria-label={`Use ${card.brand} test card ending ${card.number.slice(-4)} (${card.description})`}
              onClick={() => onUse(card)}
            >
              Use
            </Button>
          </li>
        ))}
      </ul>
    </details>
  )
}
