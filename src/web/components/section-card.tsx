import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader } from './ui/card.tsx'
import { cn } from '../lib/cn.ts'

/**
 * One settings section of the profile page: a card with an icon, a heading (level 2, so the page
 * outline reads Profile → sections), a description, optional actions and the section's body.
 */
export function SectionCard({
  id,
  icon: Icon,
  title,
  description,
  actions,
  badge,
  tone = 'default',
  children,
}: {
  id: string
  icon: LucideIcon
  title: string
  description: ReactNode
  actions?: ReactNode
  /** A status shown beside the title (e.g. Enabled / Disabled). */
  badge?: ReactNode
  tone?: 'default' | 'danger'
  children?: ReactNode
}) {
  const headingId = `${id}-heading`
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-24">
      <Card className={cn('overflow-hidden', tone === 'danger' && 'border-destructive/40')}>
        <CardHeader className="flex-row flex-wrap items-start gap-4 sm:flex-nowrap">
          <div
            className={cn(
              'flex size-10 shrink-0 items-center justify-center rounded-lg',
              tone === 'danger' ? 'bg-destructive/10 text-destructive' : 'bg-primary/10 text-primary',
            )}
          >
            <Icon className="size-5" aria-hidden="true" />
          </div>
          <div className="grid min-w-0 flex-1 basis-48 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={headingId} className="text-lg leading-tight font-semibold tracking-tight">
                {title}
              </h2>
              {badge}
            </div>
            <CardDescription>{description}</CardDescription>
          </div>
          {actions && <div className="flex w-full flex-wrap items-center gap-2 pl-14 sm:w-auto sm:shrink-0 sm:pl-0">{actions}</div>}
        </CardHeader>
        {children && <CardContent className="grid grid-cols-1 gap-4">{children}</CardContent>}
      </Card>
    </section>
  )
}

/** A label/value pair in a section's summary. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  )
}
