import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card, CardContent, CardHeader } from '../../components/ui/card.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { cn } from '../../lib/cn.ts'

/** One figure group of the overview: a headline number, what it counts, and the details under it. */
export function StatCard({
  id,
  icon: Icon,
  title,
  value,
  caption,
  children,
}: {
  id: string
  icon: LucideIcon
  title: string
  value: ReactNode
  caption: ReactNode
  children?: ReactNode
}) {
  const headingId = `admin-stat-${id}`
  return (
    <Card role="region" aria-labelledby={headingId} className="flex flex-col">
      <CardHeader className="gap-3 pb-4">
        <div className="flex items-center gap-2 text-muted-foreground">
          <Icon className="size-4" aria-hidden="true" />
          <h3 id={headingId} className="text-sm font-medium">
            {title}
          </h3>
        </div>
        <div>
          <p className="text-3xl font-bold tracking-tight tabular-nums">{value}</p>
          <p className="mt-1 text-sm text-muted-foreground">{caption}</p>
        </div>
      </CardHeader>
      {children && <CardContent className="grid gap-3 border-t pt-4">{children}</CardContent>}
    </Card>
  )
}

/** Label/value rows inside a stat card. */
export function StatRows({ rows, className }: { rows: readonly { label: ReactNode; value: ReactNode; tone?: 'warning' | 'danger' }[]; className?: string }) {
  return (
    <dl className={cn('grid gap-1.5 text-sm', className)}>
      {rows.map((row, index) => (
        <div key={index} className="flex items-baseline justify-between gap-3">
          <dt className="text-muted-foreground">{row.label}</dt>
          <dd
            className={cn(
              'font-medium tabular-nums',
              row.tone === 'warning' && 'rounded bg-warning/20 px-1.5 text-warning-foreground dark:text-warning',
              row.tone === 'danger' && 'text-destructive',
            )}
          >
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  )
}

export function StatCardSkeleton() {
  return (
    <Card className="grid gap-4 p-6" aria-hidden="true">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-9 w-20" />
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-20 w-full" />
    </Card>
  )
}
