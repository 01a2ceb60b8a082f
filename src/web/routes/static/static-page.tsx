import { useId, type ReactNode } from 'react'
import { Link } from 'react-router'
import { cn } from '../../lib/cn.ts'

/** Class for inline text links on the static pages (internal `Link`s and `mailto:` anchors alike). */
export const linkClassName = 'font-medium text-primary underline-offset-4 hover:underline'

/**
 * Body-copy styles for the static pages: paragraph rhythm, bulleted and numbered lists (direct
 * children only, so cards or nav lists nested inside keep their own styling), and emphasis that
 * stays readable in light and dark mode.
 */
export const proseClassName = cn(
  'space-y-3 leading-7 text-foreground',
  '[&>ul]:list-disc [&>ul]:space-y-2 [&>ul]:pl-6',
  '[&>ol]:list-decimal [&>ol]:space-y-2 [&>ol]:pl-6',
  '[&>ul>li]:pl-1 [&>ol>li]:pl-1 [&_li]:marker:text-muted-foreground',
  '[&_strong]:font-semibold [&_strong]:text-foreground',
)

type StaticPageProps = {
  title: string
  lead: ReactNode
  /** Human-readable date shown as "Last updated: {updated}". */
  updated?: string
  children: ReactNode
}

/** Shared layout of the public static pages (About, FAQ, Privacy, Terms, Cookies, Contact). */
export function StaticPage({ title, lead, updated, children }: StaticPageProps) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b border-border pb-8">
        <h1 className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">{title}</h1>
        <p className="mt-4 text-lg leading-8 text-muted-foreground">{lead}</p>
        {updated ? <p className="mt-4 text-sm text-muted-foreground">Last updated: {updated}</p> : null}
      </header>
      <div className="pt-2">{children}</div>
    </article>
  )
}

type SectionProps = {
  /** Anchor for in-page links such as `#your-rights`. */
  id?: string
  title: string
  children: ReactNode
  className?: string
}

/** A titled `<section>` (h2) of a static page. */
export function Section({ id, title, children, className }: SectionProps) {
  const generatedId = useId()
  const headingId = id ?? generatedId
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="mt-10 mb-3 scroll-mt-20 text-xl font-semibold tracking-tight text-foreground">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** Wraps paragraphs and lists in the static-page body-copy styles. */
export function Prose({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn(proseClassName, className)}>{children}</div>
}

/** Internal link styled for body copy. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={linkClassName}>
      {children}
    </Link>
  )
}

/** `mailto:` link that shows the address itself unless told otherwise. */
export function MailLink({ email, children }: { email: string; children?: ReactNode }) {
  return (
    <a href={`mailto:${email}`} className={cn(linkClassName, 'break-words')}>
      {children ?? email}
    </a>
  )
}

/** A short "On this page" list of in-page anchors for the longer policy pages. */
export function OnThisPage({ items }: { items: { id: string; label: string }[] }) {
  return (
    <nav aria-label="On this page" className="mt-8 rounded-lg border border-border bg-muted/50 p-4 sm:p-5">
      <p className="text-sm font-semibold text-foreground">On this page</p>
      <ol className="mt-3 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`} className={linkClassName}>
              {item.label}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
