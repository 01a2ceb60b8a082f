import { useEffect } from 'react'
import { Navigate, useLocation } from 'react-router'
import { PATHS } from '#shared/routes.ts'
import { postSignInPath } from '../features/auth/post-sign-in-path.ts'
import { useAuth } from '../features/auth/use-auth.ts'
import { FeaturesSection } from '../features/landing/features-section.tsx'
import { Hero } from '../features/landing/hero.tsx'
import { HowItWorks } from '../features/landing/how-it-works.tsx'
import { PricingSection } from '../features/pricing/pricing-section.tsx'
import { scrollToSection } from '../lib/scroll-to-section.ts'

/**
 * The landing page (/) and its sibling /home. Signed-in visitors of / go straight to their alerts, or
 * back to the plan they chose before signing in (magic links and email verification land here).
 */
export default function LandingPage() {
  const auth = useAuth()
  const { pathname, hash } = useLocation()

  // Footer links such as /#pricing arrive with a hash: scroll to that section once it exists.
  useEffect(() => {
    if (hash) scrollToSection(hash.slice(1))
  }, [hash])

  if (auth.status === 'signed-in' && pathname === PATHS.landing) return <Navigate to={postSignInPath()} replace />
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
