import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, Clock, SearchX } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { PATHS } from '#shared/routes.ts'
import type { PriceId } from '#shared/plans.ts'
import { RoleGate } from '../../components/role-gate.tsx'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { errorMessage } from '../../lib/api-client.ts'
import type { LocalPortalView } from '#shared/billing.ts'
import { localPortalQueryOptions, subscriptionQueryOptions } from '../../features/billing/index.ts'
import { BillingHistory } from '../../features/billing/index.ts'
import { BillingPageMessage } from '../../features/billing/index.ts'
import { subscriptionStatusLabel } from '../../features/billing/index.ts'
import { CancelPlanDialog } from '../../features/billing/index.ts'
import { clearCheckoutTarget, rememberCheckoutTarget } from '../../features/billing/index.ts'
import { PaidPlanSummary } from '../../features/billing/index.ts'
import { PortalPaymentMethod } from '../../features/billing/index.ts'
import { PortalPlanSwitcher } from '../../features/billing/index.ts'
import { TestModeNote } from '../../features/billing/index.ts'
import { useSubscriptionActions } from '../../features/billing/index.ts'

/**
 * The local test mode's billing portal (/billing/portal?session=), standing in for Stripe's
 * Customer Portal: the plan and its period, switching price, the card, cancel or reactivate, and
 * the billing history; then back to FareDrop.
 */
export default function BillingPortalPage() {
  return (
    <RoleGate>
      <PortalScreen />
    </RoleGate>
  )
}

function PortalScreen() {
  const [params] = useSearchParams()
  const id = params.get('session') ?? ''
  const portal = useQuery({ ...localPortalQueryOptions(id), enabled: id !== '' })

  if (!id) {
    return (
      <BillingPageMessage icon={SearchX} title="This billing page isn't available">
        <p>The link is incomplete. Open Manage billing from your profile again.</p>
      </BillingPageMessage>
    )
  }
  if (portal.isPending) return <PortalSkeleton />
  if (portal.isError) {
    return (
      <BillingPageMessage icon={SearchX} title="This billing page isn't available">
        <p>{errorMessage(portal.error)}</p>
      </BillingPageMessage>
    )
  }
  if (portal.data.expired) {
    return (
      <BillingPageMessage icon={Clock} title="This billing page has expired">
        <p>Billing pages last an hour. Open Manage billing from your profile again.</p>
      </BillingPageMessage>
    )
  }
  return <Portal portal={portal.data} />
}

/** Where "Return to FareDrop" leads: the return path, without `success` when nothing changed here. */
function returnPath(path: string, changed: boolean): string {
  if (changed) return path
  const url = new URL(path, window.location.origin)
  url.searchParams.delete('success')
  return `${url.pathname}${url.search}${url.hash}`
}

function Portal({ portal }: { portal: LocalPortalView }) {
  const subscription = useQuery(subscriptionQueryOptions)
  const { cancel, reactivate } = useSubscriptionActions()
  const [cancelOpen, setCancelOpen] = useState(false)
  const [changed, setChanged] = useState(false)
  const current = subscription.data?.subscription ?? null
  const status = current ? subscriptionStatusLabel(current) : null
  const waitsForSwitch = new URL(portal.return_path, window.location.origin).searchParams.get('success') === 'true'

  const switched = (priceId: PriceId) => {
    setChanged(true)
    // The profile's confirmation banner waits for the price actually chosen here.
    if (waitsForSwitch) rememberCheckoutTarget(priceId)
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6 lg:py-12">
      <title>Billing · FareDrop</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link
          to={returnPath(portal.return_path, changed)}
          onClick={() => !changed && clearCheckoutTarget()}
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Return to FareDrop
        </Link>
        <span className="flex items-center gap-2 text-sm font-semibold">
          <img src="/logo.svg" alt="" width={24} height={24} className="size-6" />
          FareDrop billing
        </span>
      </div>
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Manage your plan</h1>
        <p className="text-muted-foreground">Change your plan, update your card or cancel. Changes apply right away.</p>
      </div>
      <TestModeNote detail="Plan changes and card updates here are simulated with test cards. Nothing is charged." />

      {subscription.isPending ? (
        <Skeleton className="h-40 w-full rounded-xl" />
      ) : subscription.isError ? (
        <PortalCard title="Current plan" description={`Could not load your plan. ${errorMessage(subscription.error)}`}>
          <Button variant="outline" className="justify-self-start" onClick={() => void subscription.refetch()}>
            Try again
          </Button>
        </PortalCard>
      ) : !current ? (
        <PortalCard title="Current plan" description="You have no paid plan right now.">
          <Button asChild className="justify-self-start">
            <Link to={`${PATHS.profile}#subscription`}>Choose a plan</Link>
          </Button>
        </PortalCard>
      ) : (
        <>
          <PortalCard title="Current plan" badge={status && <Badge variant={status.variant}>{status.label}</Badge>}>
            <PaidPlanSummary
              subscription={current}
              paymentMethod={null}
              onCancel={() => setCancelOpen(true)}
              onReactivate={() => reactivate.mutate(undefined, { onSuccess: () => setChanged(true) })}
              reactivating={reactivate.isPending}
              framed={false}
            />
          </PortalCard>
          <PortalCard title="Change plan" description="Pick a price to see what changes before you confirm.">
            <PortalPlanSwitcher portalId={portal.id} subscription={current} initial={portal.switch_to} onSwitched={switched} />
          </PortalCard>
          <PortalCard title="Payment method">
            <PortalPaymentMethod portalId={portal.id} paymentMethod={subscription.data.paymentMethod} onChanged={() => setChanged(true)} />
          </PortalCard>
          <CancelPlanDialog
            subscription={current}
            open={cancelOpen}
            onOpenChange={setCancelOpen}
            pending={cancel.isPending}
            onConfirm={() =>
              cancel.mutate(undefined, {
                onSuccess: () => {
                  setChanged(true)
                  setCancelOpen(false)
                },
              })
            }
          />
        </>
      )}
      <Card>
        <CardContent className="pt-6">
          <BillingHistory headingLevel={2} />
        </CardContent>
      </Card>
    </div>
  )
}

function PortalCard({ title, description, badge, children }: { title: string; description?: string; badge?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg leading-tight font-semibold tracking-tight">{title}</h2>
          {badge}
        </div>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  )
}

function PortalSkeleton() {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-12 sm:px-6" role="status" aria-label="Loading billing">
      <Skeleton className="h-9 w-64" />
      <Skeleton className="h-40 w-full rounded-xl" />
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  )
}
