import { ChevronRight, MailCheck } from 'lucide-react'
import { useState } from 'react'
import { Link, Navigate, useSearchParams } from 'react-router'
import { MESSAGES } from '#shared/auth.ts'
import { PATHS } from '#shared/routes.ts'
import { Card, CardContent } from '../components/ui/card.tsx'
import { Separator } from '../components/ui/separator.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx'
import { Notice } from '../components/notice.tsx'
import { SetPasswordForm } from '../features/auth/index.ts'
import { SignInForm, type SignInStep } from '../features/auth/index.ts'
import { SignUpForm } from '../features/auth/index.ts'
import { SocialButtons } from '../features/auth/index.ts'
import { isNativeShell } from '../platform/detect.ts'
import { postSignInPath, rememberReturnPath } from '../features/auth/index.ts'
import { useAuth } from '../hooks/use-auth.ts'
import { PageSkeleton } from '../components/page-skeleton.tsx'

type Tab = 'sign-in' | 'sign-up'
const SUBTITLES: Record<Tab, string> = {
  'sign-in': 'Welcome back to your flight search companion',
  'sign-up': 'Join thousands of smart travelers',
}

export default function AuthPage() {
  const auth = useAuth()
  const [params] = useSearchParams()
  const recovery = params.get('type') === 'recovery'
  const [tab, setTab] = useState<Tab>('sign-in')
  const [signedUp, setSignedUp] = useState(false)
  const [signInStep, setSignInStep] = useState<SignInStep>('password')
  const askingSecondFactor = tab === 'sign-in' && signInStep === 'two-factor'

  // `?redirect=` (a page that asked the visitor to sign in): remembered, if it is a page of this
  // site, for whichever way of signing in follows; postSignInPath reads it.
  useState(() => rememberReturnPath(params.get('redirect')))
  if (auth.status === 'loading') return <PageSkeleton />
  if (auth.status === 'signed-in' && !recovery) return <Navigate to={postSignInPath()} replace />

  const current = recovery ? 'New Password' : tab === 'sign-in' ? 'Sign In' : 'Sign Up'
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <title>{`${current} · FareDrop`}</title>
      <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
        <ol className="flex items-center gap-1">
          <li>
            <Link to={PATHS.landing} className="hover:text-foreground">
              Home
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4" />
          </li>
          <li aria-current="page" className="font-medium text-foreground">
            {current}
          </li>
        </ol>
      </nav>
      <h1 className="mt-6 text-3xl font-bold tracking-tight">{current}</h1>
      {recovery ? (
        <>
          <p className="mt-2 text-muted-foreground">Choose a new password for your account.</p>
          <Card className="mt-6">
            <CardContent className="pt-6">
              <SetPasswordForm token={params.get('token')} />
            </CardContent>
          </Card>
        </>
      ) : (
        <>
          <p className="mt-2 text-muted-foreground">{SUBTITLES[tab]}</p>
          <Card className="mt-6">
            <CardContent className="pt-6">
              <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
                {!askingSecondFactor && (
                  <>
                    <TabsList className="grid w-full grid-cols-2">
                      <TabsTrigger value="sign-in">Sign In</TabsTrigger>
                      <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
                    </TabsList>
                    {/* Not in the Android and iOS apps yet: a provider's sign-in ends in the system
                        browser, whose session the app can't take over safely (decisions 036, 037).
                        Someone who signed up that way signs in here with an emailed link instead. */}
                    {isNativeShell() && tab === 'sign-in' && (
                      <p className="mt-4 text-sm text-muted-foreground">
                        Signed up with Google, Microsoft or Apple? Enter your email below and choose “Send magic link”: the link opens this app.
                      </p>
                    )}
                    {!isNativeShell() && (
                      <div className="mt-6 grid gap-6">
                        <SocialButtons />
                        <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
                          <Separator className="flex-1" />
                          or with email
                          <Separator className="flex-1" />
                        </div>
                      </div>
                    )}
                  </>
                )}
                <TabsContent value="sign-in" className={askingSecondFactor ? 'grid gap-4' : 'mt-6 grid gap-4'}>
                  {signedUp && (
                    <Notice tone="success" icon={MailCheck}>
                      {MESSAGES.accountCreated}
                    </Notice>
                  )}
                  <SignInForm onStepChange={setSignInStep} />
                </TabsContent>
                <TabsContent value="sign-up" className="mt-6">
                  <SignUpForm
                    onSignedUp={() => {
                      setSignedUp(true)
                      setTab('sign-in')
                    }}
                  />
                </TabsContent>
              </Tabs>
            </CardContent>
          </Card>
        </>
      )}
    </div>
  )
}
