import type { ReactNode } from 'react'

/** Title block at the top of an app page; also sets the document title. */
export function PageHeader({
  title,
  description,
  actions,
  descriptionOnPhone = true,
}: {
  title: string
  description?: ReactNode
  actions?: ReactNode
  /** False: a phone leaves the description out (room for what the page is showing). */
  descriptionOnPhone?: boolean
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <title>{`${title} · FareDrop`}</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {description && <p className={descriptionOnPhone ? 'mt-2 text-muted-foreground' : 'mt-2 text-muted-foreground max-sm:hidden'}>{description}</p>}
      </div>
      {actions}
    </div>
  )
}

/** Standard width and padding of an app page. */
export function PageContainer({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">{children}</div>
}
