import { useQuery } from '@tanstack/react-query'
import { AlertCircle } from 'lucide-react'
import { useState } from 'react'
import { PATHS } from '#shared/routes.ts'
import { api } from '../../lib/api-client.ts'
import { Button } from '../../components/ui/button.tsx'
import { Notice } from '../../components/notice.tsx'

export const PROVIDERS = [
  { id: 'google', label: 'Google' },
  { id: 'microsoft', label: 'Microsoft' },
  { id: 'apple', label: 'Apple' },
] as const

export type ProviderId = (typeof PROVIDERS)[number]['id']

/** "Google" for `google`; null for anything else. */
export function providerLabel(id: string | null): string | null {
  return PROVIDERS.find((p) => p.id === id)?.label ?? null
}

export const signInFailedMessage = (label: string) => `Failed to sign in with ${label}`

export const authConfigQuery = {
  queryKey: ['auth-config'],
  queryFn: () => api('GET /api/auth-config'),
  staleTime: Infinity,
}

/**
 * Asks the server to start a sign-in with `provider` and returns the provider's authorization URL.
 * The provider sends the browser back through the server to /auth/callback, with `?error=` on failure.
 */
async function startProviderSignIn(provider: ProviderId): Promise<string> {
  const returnTo = `${PATHS.authCallback}?provider=${provider}`
  const { url } = await api('POST /api/auth/sign-in/social', {
    json: { provider, callbackURL: returnTo, errorCallbackURL: returnTo, disableRedirect: true },
  })
  return url
}

/** Google, Microsoft and Apple sign-in; a provider this server has no credentials for is shown disabled. */
export function SocialButtons() {
  const { data } = useQuery(authConfigQuery)
  const [pending, setPending] = useState<ProviderId | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const unavailable = PROVIDERS.filter((p) => !data?.socialProviders[p.id]).map((p) => p.label)

  const signIn = async (provider: (typeof PROVIDERS)[number]) => {
    setPending(provider.id)
    setFailed(null)
    try {
      window.location.assign(await startProviderSignIn(provider.id))
    } catch {
      setFailed(signInFailedMessage(provider.label))
      setPending(null)
    }
  }

  return (
    <div className="grid gap-2">
      <div className="grid grid-cols-3 gap-2">
        {PROVIDERS.map((provider) => (
          <Button
            key={provider.id}
            type="button"
            variant="outline"
            disabled={!data?.socialProviders[provider.id] || (pending !== null && pending !== provider.id)}
            loading={pending === provider.id}
            onClick={() => void signIn(provider)}
          >
            {provider.label}
          </Button>
        ))}
      </div>
      {failed && (
        <Notice tone="error" icon={AlertCircle}>
          {failed}
        </Notice>
      )}
      {data && unavailable.length > 0 && (
        <p className="text-xs text-muted-foreground">
          {unavailable.join(', ')} sign-in {unavailable.length === 1 ? 'is' : 'are'} not set up on this server yet. Use your email instead.
        </p>
      )}
    </div>
  )
}
