import { CheckCircle2, CircleAlert, Mail, Star } from 'lucide-react'
import { Badge } from '../../components/ui/badge.tsx'
import type { Me } from '../../lib/session.ts'
import { formatDay } from '../../lib/format.ts'
import { SectionCard } from '../../components/section-card.tsx'

/** The addresses on the account (user_emails), primary first. */
export function EmailsSection({ emails }: { emails: Me['emails'] }) {
  const sorted = [...emails].sort((a, b) => Number(b.is_primary) - Number(a.is_primary))
  return (
    <SectionCard
      id="emails"
      icon={Mail}
      title="Email addresses"
      description="Where we send price alerts and account messages. Your primary address is also how you sign in."
    >
      {sorted.length === 0 ? (
        <p className="text-sm text-muted-foreground">No email addresses on this account yet.</p>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label="Email addresses">
          {sorted.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{entry.email}</p>
                <p className="text-xs text-muted-foreground">
                  {entry.is_verified
                    ? entry.verified_at
                      ? `Verified on ${formatDay(entry.verified_at)}`
                      : 'Verified'
                    : 'Not verified yet: check your inbox for the confirmation link.'}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-1.5">
                {entry.is_primary && (
                  <Badge>
                    <Star aria-hidden="true" />
                    Primary
                  </Badge>
                )}
                {entry.is_verified ? (
                  <Badge variant="success">
                    <CheckCircle2 aria-hidden="true" />
                    Verified
                  </Badge>
                ) : (
                  <Badge variant="warning">
                    <CircleAlert aria-hidden="true" />
                    Unverified
                  </Badge>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  )
}
