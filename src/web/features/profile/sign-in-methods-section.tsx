import { useQuery, useQueryClient } from '@tanstack/react-query'
import { AlertTriangle, CheckCircle2, KeyRound, Link2, Unlink } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import type { LinkedAccount } from '#shared/api-contract.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { Notice } from '../../components/notice.tsx'
import { SectionCard } from '../../components/section-card.tsx'
import { errorMessage } from '../../lib/api-client.ts'
import { formatDay } from '../../lib/format.ts'
import { toast } from '../../stores/toast-store.ts'
import { authConfigQuery, LINK_RETURN_PARAM, linkedAccountsQueryOptions, PROVIDERS, providerLabel, startLinkingProvider, unlinkAccount, type ProviderId } from '../auth/index.ts'

export const SIGN_IN_METHODS_ID = 'sign-in-methods'

/** What a failed link (the provider's return with `?error=`) means for the traveller. */
export function linkFailedMessage(error: string, provider: string): string {
  if (error === 'email_does_not_match' || error === "email_doesn't_match") {
    return `That ${provider} account uses a different email address. Connect the ${provider} account that uses this account's email.`
  }
  if (error === 'account_already_linked_to_different_user') return `That ${provider} account is already connected to another FareDrop account.`
  return `Could not connect ${provider}. Please try again.`
}

/**
 * The account's ways in (spec section 7: identities): the password, and Google, Microsoft or
 * Apple linked to the account. Connecting one goes through the provider and comes back here;
 * disconnecting is refused for the last way in (the server decides, and says so).
 */
export function SignInMethodsSection() {
  const queryClient = useQueryClient()
  const accounts = useQuery(linkedAccountsQueryOptions)
  const config = useQuery(authConfigQuery)
  const [params] = useSearchParams()
  const [pending, setPending] = useState<string | null>(null)

  const returned = params.get(LINK_RETURN_PARAM)
  const returnedLabel = providerLabel(returned)
  const linkError = params.get('error')

  const list = accounts.data ?? []
  const hasPassword = list.some((a) => a.providerId === 'credential')
  const linked = (provider: ProviderId) => list.find((a) => a.providerId === provider)
  const waysIn = list.length

  const connect = async (provider: ProviderId) => {
    setPending(provider)
    try {
      window.location.assign(await startLinkingProvider(provider))
    } catch (error) {
      toast.error(`Could not connect ${providerLabel(provider)}`, errorMessage(error))
      setPending(null)
    }
  }

  const disconnect = async (account: LinkedAccount) => {
    setPending(account.providerId)
    try {
      await unlinkAccount(account.id)
      toast.success(`${providerLabel(account.providerId)} disconnected`, `You can no longer sign in with ${providerLabel(account.providerId)}.`)
      await queryClient.invalidateQueries({ queryKey: linkedAccountsQueryOptions.queryKey })
    } catch (error) {
      toast.error(`Could not disconnect ${providerLabel(account.providerId)}`, errorMessage(error))
    } finally {
      setPending(null)
    }
  }

  return (
    <SectionCard
      id={SIGN_IN_METHODS_ID}
      icon={Link2}
      title="Sign-in methods"
      description="Ways you can sign in to this account. Keep at least one; a magic link to your email always works too."
    >
      {returnedLabel && (linkError ? (
        <Notice tone="error" icon={AlertTriangle}>
          {linkFailedMessage(linkError, returnedLabel)}
        </Notice>
      ) : (
        linked(returned as ProviderId) && (
          <Notice tone="success" icon={CheckCircle2}>
            {returnedLabel} is connected. You can now sign in with {returnedLabel}.
          </Notice>
        )
      ))}
      {accounts.isPending ? (
        <div className="grid gap-3" role="status" aria-label="Loading sign-in methods">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-16 w-full rounded-lg" />
          ))}
        </div>
      ) : accounts.isError ? (
        <Notice tone="error" icon={AlertTriangle}>
          <p>Could not load your sign-in methods. {errorMessage(accounts.error)}</p>
          <Button variant="link" className="h-auto justify-start p-0" onClick={() => void accounts.refetch()}>
            Try again
          </Button>
        </Notice>
      ) : (
        <ul className="mt-1 divide-y rounded-lg border" aria-label="Sign-in methods">
          <MethodRow
            label="Email and password"
            icon={<KeyRound className="size-4" aria-hidden="true" />}
            detail={hasPassword ? 'Change it in Password below.' : 'No password set: you sign in with a provider or a magic link.'}
            status={hasPassword ? <Badge variant="success">Set</Badge> : <Badge variant="muted">Not set</Badge>}
          />
          {PROVIDERS.map((provider) => {
            const account = linked(provider.id)
            const available = config.data?.socialProviders[provider.id] ?? false
            const last = account !== undefined && waysIn <= 1
            return (
              <MethodRow
                key={provider.id}
                label={provider.label}
                icon={<span className="text-xs font-semibold">{provider.label[0]}</span>}
                detail={
                  account
                    ? last
                      ? `Connected ${formatDay(account.createdAt)}. Set a password or connect another provider before disconnecting it.`
                      : `Connected ${formatDay(account.createdAt)}.`
                    : available
                      ? 'Not connected.'
                      : 'Not available on this server.'
                }
                status={account ? <Badge variant="success">Connected</Badge> : undefined}
                action={
                  account ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={last || (pending !== null && pending !== provider.id)}
                      loading={pending === provider.id}
                      onClick={() => void disconnect(account)}
                      aria-label={`Disconnect ${provider.label}`}
                    >
                      <Unlink aria-hidden="true" />
                      Disconnect
                    </Button>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={!available || (pending !== null && pending !== provider.id)}
                      loading={pending === provider.id}
                      onClick={() => void connect(provider.id)}
                      aria-label={`Connect ${provider.label}`}
                    >
                      <Link2 aria-hidden="true" />
                      Connect
                    </Button>
                  )
                }
              />
            )
          })}
        </ul>
      )}
    </SectionCard>
  )
}

function MethodRow({ label, icon, detail, status, action }: { label: string; icon: ReactNode; detail: string; status?: ReactNode; action?: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <div className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">{icon}</div>
        <div className="grid min-w-0 gap-0.5">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            {label}
            {status}
          </p>
          <p className="text-sm text-muted-foreground">{detail}</p>
        </div>
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </li>
  )
}
