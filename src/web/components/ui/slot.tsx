import { clsx } from 'clsx'
import { cloneElement, isValidElement, type ReactNode, type Ref } from 'react'

type Props = Record<string, unknown> & { children?: ReactNode; className?: string; ref?: Ref<unknown> }

function setRef(ref: Ref<unknown> | undefined, value: unknown) {
  if (typeof ref === 'function') ref(value)
  else if (ref) ref.current = value
}

/**
 * Renders its only child with these props merged in, as Radix's Slot does for `asChild`: the
 * child's own props win, except that class names are joined, styles merged, event handlers both
 * run (the child's first) and both refs are set. Small on purpose: Button needs it on the first page load.
 */
export function Slot({ children, ...slotProps }: Props) {
  if (!isValidElement<Props>(children)) return null
  const childProps = children.props
  const merged: Props = { ...slotProps, ...childProps }
  for (const [name, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[name]
    if (/^on[A-Z]/.test(name) && typeof slotValue === 'function' && typeof childValue === 'function') {
      merged[name] = (...args: unknown[]) => {
        childValue(...args)
        slotValue(...args)
      }
    }
  }
  merged.className = clsx(slotProps.className, childProps.className)
  if (slotProps.style && childProps.style) merged.style = { ...(slotProps.style as object), ...(childProps.style as object) }
  if (slotProps.ref && childProps.ref) {
    const refs = [slotProps.ref, childProps.ref]
    merged.ref = (value: unknown) => refs.forEach((ref) => setRef(ref, value))
  }
  return cloneElement(children, merged)
}
