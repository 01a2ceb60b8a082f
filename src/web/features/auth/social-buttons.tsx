import { useQuery } from '@tanstack/react-query'
import { api } from '../../lib/api-client.ts'
import { Button } from '../../components/ui/button.tsx'

const PROVIDERS = [
  { id: 'google', label: 'Google' },
  { id: 'microsoft', label: 'Microsoft' },
  { id: 'apple', label: 'Apple' },
] as const

type ProviderId = (typeof PROVIDERS)[number]['id']

const authConfigQuery = {
  queryKey: ['auth-config'],
  queryFn: () => api<{ socialProviders: Record<ProviderId, boolean> }>('/api/auth-config'),
  staleTime: Infinity,
}

/** Google, Microsoft and Apple sign-in; a provider this server has no credentials for is shown disabled. */
export function SocialButtons() {
  const { data } = useQuery(authConfigQuery)
  const unavailable = PROVIDERS.filter((p) => !data?.socialProviders[p.id]).map((p) => p.label)
  return (
    <div className="grid gap-2">
      <div className="grid grid-cols-3 gap-2">
        {PROVIDERS.map((provider) => (
          <Button key={provider.id} type="button" variant="outline" disabled={!data?.socialProviders[provider.id]}>
            {provider.label}
          </Button>
        ))}
      </div>
      {data && unavailable.length > 0 && (
        <p className="text-xs text-muted-foreground">
          {unavailable.join(', ')} sign-in {unavailable.length === 1 ? 'is' : 'are'} not set up on this server yet. Use your email instead.
        </p>
      )}
    </div>
  )
}
