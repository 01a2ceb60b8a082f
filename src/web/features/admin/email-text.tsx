import { cn } from '../../lib/cn.ts'

/** An email address that may wrap before its "@" (and inside a part that is still too long for its box). */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@')
  return (
    <span className={cn('wrap-break-word', className)}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  )
}
