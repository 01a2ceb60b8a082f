import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PATHS } from '#shared/routes.ts'
import { Button } from '../../components/ui/button.tsx'
import { Card, CardContent } from '../../components/ui/card.tsx'

/** Why a checkout or billing page can't be used (expired, paid, unknown), with the way back. */
export function BillingPageMessage({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-16">
      <title>{`${title} · FareDrop`}</title>
      <Card>
        <CardContent className="grid justify-items-center gap-4 py-10 text-center">
          <div className="flex size-12 items-center justify-center rounded-full bg-muted">
            <Icon className="size-6 text-muted-foreground" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <div className="grid gap-2 text-muted-foreground">{children}</div>
          <Button asChild>
            <Link to={`${PATHS.profile}#subscription`}>Go to your subscription</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  )
}
