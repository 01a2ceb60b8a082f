import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { AlertTriangle, MessageSquare } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { DEFAULT_FACTOR_NAMES, friendlyNameSchema } from '#shared/second-factors.ts'
import { Button } from '../../components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Notice } from '../../components/notice.tsx'
import { ApiError, errorMessage } from '../../lib/api-client.ts'
import { addPhoneFactor, sendSignInCode, TotpCodeInput, verifySignInCode } from '../auth/index.ts'
import { phoneQueryOptions } from '../notifications/index.ts'
import { TotpCodeSchema } from './schemas.ts'

const NameSchema = z.object({ friendlyName: friendlyNameSchema })

/**
 * Adds text messages as a second factor: a name, then the code texted to the verified phone
 * (proof the number still reaches the user). `onAdded` runs once the code was right.
 */
export function PhoneFactorSetup({ open, onOpenChange, onAdded }: { open: boolean; onOpenChange: (open: boolean) => void; onAdded: () => Promise<void> }) {
  const phone = useQuery({ ...phoneQueryOptions, enabled: open })
  const [step, setStep] = useState<'name' | 'code'>('name')
  const [failure, setFailure] = useState<string | null>(null)
  const nameForm = useForm({ resolver: zodResolver(NameSchema), defaultValues: { friendlyName: 'My phone' } })
  const codeForm = useForm({ resolver: zodResolver(TotpCodeSchema), defaultValues: { code: '' } })
  const busy = nameForm.formState.isSubmitting || codeForm.formState.isSubmitting

  const close = (next: boolean) => {
    if (busy) return
    if (!next) {
      setStep('name')
      setFailure(null)
      nameForm.reset()
      codeForm.reset()
    }
    onOpenChange(next)
  }

  const sendCode = async () => {
    setFailure(null)
    try {
      await sendSignInCode()
    } catch (error) {
      setFailure(errorMessage(error))
    }
  }

  const onName = nameForm.handleSubmit(async ({ friendlyName }) => {
    setFailure(null)
    try {
      await addPhoneFactor(friendlyName)
    } catch (error) {
      setFailure(errorMessage(error))
      return
    }
    setStep('code')
    await sendCode()
  })

  const onCode = codeForm.handleSubmit(async ({ code }) => {
    setFailure(null)
    try {
      await verifySignInCode(code)
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) codeForm.setError('code', { message: error.message }, { shouldFocus: true })
      else setFailure(errorMessage(error))
      return
    }
    await onAdded()
    close(false)
  })

  const number = phone.data?.verified ? phone.data.phone : null
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add text message sign-in codes</DialogTitle>
          <DialogDescription>
            {number
              ? `When you sign in, we'll text a 6-digit code to ${number}, your verified phone number.`
              : 'Sign-in codes are texted to your verified phone number.'}
          </DialogDescription>
        </DialogHeader>
        {failure && (
          <Notice tone="error" icon={AlertTriangle}>
            {failure}
          </Notice>
        )}
        {phone.isSuccess && !number ? (
          <Notice tone="warning" icon={MessageSquare}>
            Add and verify a phone number under Notifications first, then come back here.
          </Notice>
        ) : step === 'name' ? (
          <form onSubmit={(event) => void onName(event)} noValidate aria-label="Name this method" className="grid gap-4">
            <FormField label="Name" hint={`Shown in your list of methods, e.g. "${DEFAULT_FACTOR_NAMES.phone}" or "Work phone".`} error={nameForm.formState.errors.friendlyName?.message}>
              <Input autoComplete="off" maxLength={50} {...nameForm.register('friendlyName')} />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="ghost" onClick={() => close(false)} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={nameForm.formState.isSubmitting}>
                Text me a code
              </Button>
            </DialogFooter>
          </form>
        ) : (
          <form onSubmit={(event) => void onCode(event)} noValidate aria-label="Verify texted code" className="grid gap-4">
            <FormField label="Texted code" error={codeForm.formState.errors.code?.message}>
              <TotpCodeInput className="max-w-48" autoFocus {...codeForm.register('code')} />
            </FormField>
            <Button type="button" variant="link" className="h-auto justify-self-start p-0" onClick={() => void sendCode()} disabled={busy}>
              Send a new code
            </Button>
            <DialogFooter>
              <Button type="button" variant="ghost" onClick={() => close(false)} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={codeForm.formState.isSubmitting}>
                Verify and add
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}
