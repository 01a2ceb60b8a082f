import { useEffect, useState } from 'react'
import { Navigate, useLocation } from 'react-router'
import { PATHS } from '#shared/routes.ts'
import { PageSkeleton } from '../components/page-skeleton.tsx'
import { useAuth } from '../hooks/use-auth.ts'
import { FeaturesSection } from '../features/landing/index.ts'
import { Hero } from '../features/landing/index.ts'
import { HowItWorks } from '../features/landing/index.ts'
import { PricingSection } from '../features/pricing/index.ts'
import { scrollToSection } from '../lib/scroll-to-section.ts'

/**
 * The landing page (/) and its sibling /home. Signed-in visitors of / go straight to their alerts, or
 * back to the plan they chose before signing in (magic links and email verification land here).
 * Until the session is known, / shows the loading skeleton, not the landing page, so a signed-in
 * visitor never sees it flash by (decision 019: the server sends them the app shell, and prerendered
 * HTML, known to be signed out, only to visitors without a session cookie).
 */
export default function LandingPage() {
  const auth = useAuth()
  const { pathname, hash } = useLocation()

  // Only the first answer is waited for. When the session can't be read (an API outage), the page's
  // sections mount and retry the query, which makes it "loading" again: showing the skeleton then
  // would unmount them, and the next mount would retry again, for ever.
  const [sessionAnswered, setSessionAnswered] = useState(auth.status !== 'loading')
  if (!sessionAnswered && auth.status !== 'loading') setSessionAnswered(true)
  const waitingForSession = pathname === PATHS.landing && !sessionAnswered

  // Footer links such as /#pricing arrive with a hash: scroll to that section once it exists.
  useEffect(() => {
    if (hash && !waitingForSession) scrollToSection(hash.slice(1))
  }, [hash, waitingForSession])

  // Signed in (a magic link or verification lands here): /auth sends them on (postSignInPath), so
  // where to go after a sign-in is worked out in its code, not in the landing page's first load.
  if (pathname === PATHS.landing && auth.status === 'signed-in') return <Navigate to={PATHS.auth} replace />
  if (waitingForSession) return <PageSkeleton />
  return (
    <>
      <title>FareDrop · Flight price alerts</title>
      <Hero signedIn={auth.status === 'signed-in'} />
      <FeaturesSection />
      <HowItWorks />
      <PricingSection />
    </>
  )
}
