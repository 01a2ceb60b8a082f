import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'

/** Class names whose rules are in index.css (components layer): `className` utilities override them (decision 019). */
export const badgeVariants = cva('badge', {
  variants: {
    variant: {
      default: 'badge-default',
      secondary: 'badge-secondary',
      outline: 'badge-outline',
      success: 'badge-success',
      warning: 'badge-warning',
      destructive: 'badge-destructive',
      muted: 'badge-muted',
    },
  },
  defaultVariants: { variant: 'default' },
})

export interface BadgeProps extends ComponentProps<'span'>, VariantProps<typeof badgeVariants> {}

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={badgeVariants({ variant, className })} {...props} />
}
