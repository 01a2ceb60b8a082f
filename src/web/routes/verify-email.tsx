import { useMutation, useQueryClient } from '@tanstack/react-query'
import { CheckCircle2, Loader2, MailWarning } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, useSearchParams } from 'react-router'
import { PATHS } from '#shared/routes.ts'
import { PageContainer } from '../components/page-header.tsx'
import { Button } from '../components/ui/button.tsx'
import { Card, CardContent } from '../components/ui/card.tsx'
import { ResendVerificationForm, verifyEmail } from '../features/auth/index.ts'
import { refreshSession } from '../lib/session.ts'
import { postSignInPath } from '../features/auth/index.ts'
import { errorMessage } from '../lib/api-client.ts'

/** Where the verification email's link lands: confirms the address and signs the user in. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  const queryClient = useQueryClient()
  const verification = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => refreshSession(queryClient),
  })
  const started = useRef(false)
  // A plan chosen before signing up is where this account was heading.
  const next = postSignInPath()
  const choosingPlan = next !== PATHS.alerts
  useEffect(() => {
    // A token is single-use: confirm it once, even under StrictMode's double effects.
    if (token && !started.current) {
      started.current = true
      verification.mutate(token)
    }
  }, [token, verification])

  return (
    <PageContainer>
      <title>Verify your email · FareDrop</title>
      <Card className="mx-auto max-w-lg">
        <CardContent className="grid gap-4 py-10 text-center">
          {verification.isPending && (
            <div role="status" className="grid justify-items-center gap-3">
              <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
              <h1 className="text-2xl font-bold">Confirming your email…</h1>
            </div>
          )}
          {verification.isSuccess && (
            <div className="grid justify-items-center gap-3">
              <CheckCircle2 className="size-10 text-success" aria-hidden="true" />
              <h1 className="text-2xl font-bold">Your email is confirmed</h1>
              <p className="text-muted-foreground">
                {choosingPlan
                  ? 'You are signed in. Continue with the plan you chose.'
                  : 'You are signed in. Set up your first price alert from a flight search.'}
              </p>
              <div className="flex flex-wrap justify-center gap-3">
                <Button asChild>
                  <Link to={next}>{choosingPlan ? 'Continue to your plan' : 'Go to Alerts'}</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to={PATHS.search}>Search flights</Link>
                </Button>
              </div>
            </div>
          )}
          {(verification.isError || !token) && <ExpiredLink reason={token ? errorMessage(verification.error) : null} />}
        </CardContent>
      </Card>
    </PageContainer>
  )
}

function ExpiredLink({ reason }: { reason: string | null }) {
  return (
    <div className="grid justify-items-center gap-3">
      <MailWarning className="size-10 text-warning-foreground dark:text-warning" aria-hidden="true" />
      <h1 className="text-2xl font-bold">This link can&apos;t be used</h1>
      <p className="text-muted-foreground">
        Verification links work once and expire after a day.{reason ? ` (${reason})` : ''} Enter your email and we&apos;ll send a
        new one.
      </p>
      <ResendVerificationForm />
    </div>
  )
}
