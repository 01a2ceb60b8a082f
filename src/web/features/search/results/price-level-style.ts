import { Minus, TrendingDown, TrendingUp } from 'lucide-react'
import type { PriceLevel } from '#shared/flights/model.ts'

/** The low / typical / high badge's colours and icon: the price insights and the flexible-date pairs share them. */
export const LEVEL_STYLE: Record<PriceLevel, string> = {
  low: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300',
  typical: 'bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-950 dark:text-sky-300',
  high: 'bg-amber-50 text-amber-900 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-200',
}

export const LEVEL_ICON = { low: TrendingDown, typical: Minus, high: TrendingUp } as const
