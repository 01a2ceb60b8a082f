import { ChevronRight, KeyRound } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { PATHS } from '#shared/routes.ts'
import { UpcomingFeature } from '../components/upcoming-feature.tsx'

export default function AuthPage() {
  const [params] = useSearchParams()
  const recovery = params.get('type') === 'recovery'
  const current = recovery ? 'New Password' : 'Sign In'
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
      <p className="mt-2 text-muted-foreground">Welcome back to your flight search companion</p>
      <UpcomingFeature icon={KeyRound} title="Accounts are opening soon">
        Sign-in and sign-up will be available here. You can already explore the plans and how FareDrop works.
      </UpcomingFeature>
    </div>
  )
}
