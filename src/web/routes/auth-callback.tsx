import { useQueryClient } from '@tanstack/react-query'
import { AlertCircle, Loader2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { ACCOUNT_DISABLED_MESSAGE, MESSAGES } from '#shared/auth.ts'
import { PATHS } from '#shared/routes.ts'
import { Button } from '../components/ui/button.tsx'
import { Card, CardContent } from '../components/ui/card.tsx'
import { meQueryOptions, refreshSession } from '../lib/session.ts'
import { Notice } from '../components/notice.tsx'
import { postSignInPath } from '../features/auth/index.ts'
import { providerLabel, signInFailedMessage } from '../features/auth/index.ts'
import { toast } from '../stores/toast-store.ts'

/** A line of help under the failure message for the errors a person can act on. */
const HINTS: Record<string, string> = {
  access_denied: 'Sign-in was cancelled.',
  account_not_linked: 'An account with this email already exists. Sign in with your email and password or a magic link instead.',
  email_not_found: 'We need an email address your provider has confirmed. Sign up with your email instead.',
  email_not_verified: 'Confirm your email address with the link we sent you, then sign in again.',
}

/**
 * Where Google, Microsoft and Apple sign-in come back to (through the server). Success: the
 * session cookie is set, so refresh who is signed in and go on (postSignInPath). Failure: `?error=`.
 */
export default function AuthCallbackPage() {
  const [params] = useSearchParams()
  const error = params.get('error')
  const label = providerLabel(params.get('provider')) ?? 'your provider'
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [noSession, setNoSession] = useState(false)

  useEffect(() => {
    if (error) return
    let cancelled = false
    void (async () => {
      try {
        await refreshSession(queryClient)
        const me = await queryClient.fetchQuery(meQueryOptions)
        if (cancelled) return
        if (me) {
          // Only at the end of a real sign-in (the server sent us here with ?provider=).
          if (params.has('provider')) toast.success(MESSAGES.signedIn)
          void navigate(postSignInPath(), { replace: true })
        } else setNoSession(true)
      } catch {
        if (!cancelled) setNoSession(true)
      }
    })()
    return () => {
      cancelled = true
    }
  }, [error, navigate, params, queryClient])

  if (!error && !noSession) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 py-24" role="status">
        <title>Signing you in · FareDrop</title>
        <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
        <p className="text-muted-foreground">Completing sign-in…</p>
      </div>
    )
  }

  const hint = error ? HINTS[error] : undefined
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <title>Sign-in failed · FareDrop</title>
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <h1 className="text-2xl font-bold tracking-tight">Sign-in failed</h1>
          <Notice tone="error" icon={AlertCircle}>
            {/* A disabled account fails the same way by every way in (a link or a provider): say only that. */}
            {error === 'account_disabled' ? (
              <p className="font-medium">{ACCOUNT_DISABLED_MESSAGE}</p>
            ) : (
              <>
                <p className="font-medium">{signInFailedMessage(label)}</p>
                {hint && <p>{hint}</p>}
              </>
            )}
          </Notice>
          <Button asChild>
            <Link to={PATHS.auth}>Back to sign in</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  )
}
