import { clsx } from 'clsx'
import type { ComponentProps } from 'react'

/** A pulsing placeholder; `.skeleton` is in index.css (components layer), so `className` sizes and rounds it. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={clsx('skeleton', className)} {...props} />
}
