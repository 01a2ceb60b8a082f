import type { ComponentProps } from 'react'
import { Input } from '../../components/ui/input.tsx'
import { cn } from '../../lib/cn.ts'

/** The 6-digit authenticator code field (phones offer the code from SMS/keychain autofill). */
export function TotpCodeInput({ className, ...props }: ComponentProps<typeof Input>) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      placeholder="123456"
      className={cn('font-mono tracking-[0.3em]', className)}
      {...props}
    />
  )
}
