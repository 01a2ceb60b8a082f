import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.tsx'
import { cn } from '../../lib/cn.ts'

/** One block of the debug page: a card named by its level-2 heading (Admin debug → sections). */
export function DebugSection({
  id,
  icon: Icon,
  title,
  description,
  badge,
  className,
  children,
}: {
  id: string
  icon: LucideIcon
  title: string
  description?: ReactNode
  /** A status beside the title. */
  badge?: ReactNode
  className?: string
  children: ReactNode
}) {
  const headingId = `${id}-heading`
  return (
    <section id={id} aria-labelledby={headingId} className={cn('min-w-0 scroll-mt-24', className)}>
      <Card className="h-full">
        <CardHeader className="flex-row items-start gap-3 p-4 sm:p-6">
          <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Icon className="size-4.5" aria-hidden="true" />
          </div>
          <div className="grid min-w-0 flex-1 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={headingId} className="text-lg leading-tight font-semibold tracking-tight">
                {title}
              </h2>
              {badge}
            </div>
            {description && <CardDescription>{description}</CardDescription>}
          </div>
        </CardHeader>
        <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
      </Card>
    </section>
  )
}
