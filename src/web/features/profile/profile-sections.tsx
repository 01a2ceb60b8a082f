import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { AlertTriangle, Bell, Code2, CreditCard, KeyRound, Link2, Mail, MonitorSmartphone, ShieldCheck, Trash2, UserRound, Webhook, type LucideIcon } from 'lucide-react'
import { planForProfile } from '#shared/alerts/alert-rules.ts'
import { Button } from '../../components/ui/button.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { errorMessage } from '../../lib/api-client.ts'
import { scrollToSection } from '../../lib/scroll-to-section.ts'
import { authSessionQueryOptions, LINK_RETURN_PARAM } from '../auth/index.ts'
import { meQueryOptions } from '../../lib/session.ts'
import { Notice } from '../../components/notice.tsx'
import { PLAN_PARAM, SubscriptionSection, SUCCESS_PARAM } from '../billing/index.ts'
import { AccountSection } from './account-section.tsx'
import { API_TOKENS_ID, ApiTokensSection } from './api-tokens-section.tsx'
import { DeleteAccountSection } from './delete-account-section.tsx'
import { EmailsSection } from './emails-section.tsx'
import { NotificationsSection } from './notifications-section.tsx'
import { PasswordSection } from './password-section.tsx'
import { SessionsSection } from './sessions-section.tsx'
import { SIGN_IN_METHODS_ID, SignInMethodsSection } from './sign-in-methods-section.tsx'
import { TwoFactorSection } from './two-factor-section.tsx'
import { WEBHOOKS_ID, WebhooksSection } from './webhooks-section.tsx'

const SECTIONS: { id: string; label: string; icon: LucideIcon; unlimited?: boolean }[] = [
  { id: 'account', label: 'Account', icon: UserRound },
  { id: 'subscription', label: 'Subscription', icon: CreditCard },
  { id: 'emails', label: 'Email addresses', icon: Mail },
  { id: 'notifications', label: 'Notifications', icon: Bell },
  { id: SIGN_IN_METHODS_ID, label: 'Sign-in methods', icon: Link2 },
  { id: 'password', label: 'Password', icon: KeyRound },
  { id: 'sessions', label: 'Sessions', icon: MonitorSmartphone },
  { id: API_TOKENS_ID, label: 'API tokens', icon: Code2, unlimited: true },
  { id: WEBHOOKS_ID, label: 'Webhooks', icon: Webhook, unlimited: true },
  { id: 'two-factor', label: 'Two-factor', icon: ShieldCheck },
  { id: 'delete-account', label: 'Delete account', icon: Trash2 },
]

/** Every settings section of /profile, with an in-page menu on wide screens. */
export function ProfileSections() {
  const me = useQuery(meQueryOptions)
  const auth = useQuery(authSessionQueryOptions)
  const { hash } = useLocation()
  const [params] = useSearchParams()
  const loaded = Boolean(me.data && auth.data)
  // A plan choice or a return from checkout is about the Subscription section, with or without a
  // hash (payment providers' return addresses carry none).
  // The same for the return from linking a provider (it carries no hash either).
  const target = hash
    ? hash.slice(1)
    : params.has(PLAN_PARAM) || params.has(SUCCESS_PARAM)
      ? 'subscription'
      : params.has(LINK_RETURN_PARAM)
        ? SIGN_IN_METHODS_ID
        : null

  // Links such as the alert form's "Verify it" (/profile#notifications) arrive with a hash: go to
  // that section once the sections exist.
  useEffect(() => {
    if (loaded && target) scrollToSection(target)
  }, [loaded, target])

  if (me.isPending || auth.isPending) return <SectionsSkeleton />
  if (me.isError || auth.isError || !me.data || !auth.data) {
    return (
      <div className="mt-8 max-w-xl">
        <Notice tone="error" icon={AlertTriangle}>
          <p>Could not load your profile. {errorMessage(me.error ?? auth.error)}</p>
          <Button
            variant="link"
            className="h-auto justify-start p-0"
            onClick={() => {
              void me.refetch()
              void auth.refetch()
            }}
          >
            Try again
          </Button>
        </Notice>
      </div>
    )
  }

  const { user } = auth.data
  const unlimited = planForProfile(me.data.profile) === 'unlimited'
  const sections = SECTIONS.filter((section) => unlimited || !section.unlimited)
  return (
    <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-10">
      <nav aria-label="Profile sections" className="hidden lg:block">
        <ul className="sticky top-24 grid gap-1 text-sm">
          {sections.map(({ id, label, icon: Icon }) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="flex items-center gap-2 rounded-md px-3 py-2 text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground"
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid min-w-0 grid-cols-1 gap-6">
        <AccountSection user={user} />
        <SubscriptionSection />
        <EmailsSection emails={me.data.emails} />
        <NotificationsSection plan={planForProfile(me.data.profile)} />
        <SignInMethodsSection />
        <PasswordSection email={user.email} />
        <SessionsSection />
        {unlimited && <ApiTokensSection />}
        {unlimited && <WebhooksSection />}
        <TwoFactorSection enabled={!!user.twoFactorEnabled} email={user.email} />
        <DeleteAccountSection email={user.email} />
      </div>
    </div>
  )
}

function SectionsSkeleton() {
  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-10" role="status" aria-label="Loading profile">
      <div className="hidden gap-2 lg:grid lg:content-start">
        {SECTIONS.map(({ id }) => (
          <Skeleton key={id} className="h-8 w-full" />
        ))}
      </div>
      <div className="grid gap-6">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-48 w-full rounded-xl" />
        ))}
      </div>
    </div>
  )
}
