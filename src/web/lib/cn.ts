import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

/**
 * Joins class names and lets later Tailwind utilities override earlier ones: for components whose
 * `className` overrides their own defaults. tailwind-merge is ~8 KB gzipped, so what the first page
 * load needs doesn't import this: Button, Badge and Skeleton keep their defaults in the components
 * layer (index.css) and other code there joins conflict-free classes with clsx (decision 019).
 */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}
