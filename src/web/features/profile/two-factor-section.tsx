import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { KeyRound, MessageSquare, RefreshCw, ShieldCheck, ShieldOff, Smartphone } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { TotpCodeInput } from '../auth/index.ts'
import { ApiError, errorMessage } from '../../lib/api-client.ts'
import { toast } from '../../stores/toast-store.ts'
import { disableTwoFactor, enableTwoFactor, generateBackupCodes, secondFactorsQueryOptions, verifyTotp } from '../auth/index.ts'
import { refreshSession } from '../../lib/session.ts'
import { BackupCodes } from './backup-codes.tsx'
import { CopyButton } from '../../components/copy-button.tsx'
import { PasswordConfirmDialog } from './password-confirm-dialog.tsx'
import { PhoneFactorSetup } from './phone-factor-setup.tsx'
import { SecondFactorList } from './second-factor-list.tsx'
import { TotpCodeSchema } from './schemas.ts'
import { SectionCard } from '../../components/section-card.tsx'
import { TotpQrCode } from './totp-qr-code.tsx'

type Setup =
  | { step: 'idle' }
  | { step: 'scan'; totpURI: string; backupCodes: string[] }
  | { step: 'codes'; backupCodes: string[] }

type PasswordPrompt = 'enable' | 'disable' | 'regenerate' | null

/** The base32 secret inside an otpauth:// URI, grouped by four for typing. */
export function setupKeyOf(totpURI: string): string {
  try {
    const secret = new URL(totpURI).searchParams.get('secret') ?? ''
    return secret.replace(/(.{4})(?=.)/g, '$1 ')
  } catch {
    return ''
  }
}

export function TwoFactorSection({ enabled, email }: { enabled: boolean; email: string }) {
  const queryClient = useQueryClient()
  const [setup, setSetup] = useState<Setup>({ step: 'idle' })
  const [prompt, setPrompt] = useState<PasswordPrompt>(null)
  const [addingPhone, setAddingPhone] = useState(false)
  const factors = useQuery(secondFactorsQueryOptions)
  const list = factors.data ?? []
  const hasApp = list.some((f) => f.factorType === 'totp')
  const hasPhone = list.some((f) => f.factorType === 'phone' && f.status === 'verified')
  // The server swaps the session when 2FA is switched on or off: refresh everything about the viewer.
  const refresh = async () => {
    await refreshSession(queryClient)
    await queryClient.invalidateQueries({ queryKey: secondFactorsQueryOptions.queryKey })
  }

  const badge = setup.step === 'scan' ? (
    <Badge variant="warning">Setting up</Badge>
  ) : enabled ? (
    <Badge variant="success">
      <ShieldCheck aria-hidden="true" />
      Enabled
    </Badge>
  ) : (
    <Badge variant="muted">Disabled</Badge>
  )

  return (
    <SectionCard
      id="two-factor"
      icon={ShieldCheck}
      title="Two-factor authentication"
      badge={badge}
      description="Protect your account with a one-time code each time you sign in: from an authenticator app, or texted to your phone."
      actions={
        setup.step === 'idle' &&
        factors.isSuccess && (
          <div className="flex flex-wrap gap-2">
            {!hasApp && (
              <Button size="sm" variant={enabled ? 'outline' : 'default'} onClick={() => setPrompt('enable')}>
                <Smartphone aria-hidden="true" />
                {enabled ? 'Add authenticator app' : 'Enable'}
              </Button>
            )}
            {!hasPhone && (
              <Button size="sm" variant="outline" onClick={() => setAddingPhone(true)}>
                <MessageSquare aria-hidden="true" />
                Add text message
              </Button>
            )}
          </div>
        )
      }
    >
      {setup.step === 'scan' ? (
        <ScanStep
          totpURI={setup.totpURI}
          onCancel={() => setSetup({ step: 'idle' })}
          onVerified={async () => {
            setSetup({ step: 'codes', backupCodes: setup.backupCodes })
            toast.success('Two-factor authentication enabled')
            await refresh()
          }}
        />
      ) : setup.step === 'codes' ? (
        <BackupCodes codes={setup.backupCodes} onDone={() => setSetup({ step: 'idle' })} />
      ) : list.length > 0 ? (
        <div className="grid gap-4">
          <SecondFactorList factors={list} email={email} onChanged={refresh} onResumePhone={() => setAddingPhone(true)} />
          <p className="text-sm text-muted-foreground">
            When you sign in, we'll ask for a code from one of these.{hasApp ? ' Lost your phone? Use one of your backup codes.' : ''}
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            {hasApp && (
              <Button variant="outline" size="sm" onClick={() => setPrompt('regenerate')}>
                <RefreshCw aria-hidden="true" />
                Regenerate backup codes
              </Button>
            )}
            <Button
              variant="outline"
              size="sm"
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              onClick={() => setPrompt('disable')}
            >
              <ShieldOff aria-hidden="true" />
              Turn off two-factor
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          Works with Google Authenticator, Microsoft Authenticator, 1Password, Authy and any other app that supports TOTP codes, or with
          codes texted to your verified phone number.
        </p>
      )}

      <PhoneFactorSetup
        open={addingPhone}
        onOpenChange={setAddingPhone}
        onAdded={async () => {
          toast.success('Text message sign-in codes added')
          await refresh()
        }}
      />

      <PasswordConfirmDialog
        open={prompt === 'enable'}
        onOpenChange={(open) => !open && setPrompt(null)}
        email={email}
        title="Set up two-factor authentication"
        description="Confirm your password to link an authenticator app to your account."
        confirmLabel="Continue"
        onConfirm={async (password) => {
          const { totpURI, backupCodes } = await enableTwoFactor(password)
          setSetup({ step: 'scan', totpURI, backupCodes })
          setPrompt(null)
        }}
      />
      <PasswordConfirmDialog
        open={prompt === 'regenerate'}
        onOpenChange={(open) => !open && setPrompt(null)}
        email={email}
        title="Regenerate backup codes"
        description="Your current backup codes will stop working. Confirm your password to get a new set."
        confirmLabel="Regenerate codes"
        onConfirm={async (password) => {
          const { backupCodes } = await generateBackupCodes(password)
          setSetup({ step: 'codes', backupCodes })
          setPrompt(null)
          toast.success('New backup codes created')
        }}
      />
      <PasswordConfirmDialog
        open={prompt === 'disable'}
        onOpenChange={(open) => !open && setPrompt(null)}
        email={email}
        title="Disable two-factor authentication"
        description="Signing in will only need your password. Every second factor is removed and your backup codes stop working."
        confirmLabel="Turn off two-factor"
        destructive
        onConfirm={async (password) => {
          await disableTwoFactor(password)
          setPrompt(null)
          setSetup({ step: 'idle' })
          toast.success('Two-factor authentication disabled')
          await refresh()
        }}
      />
    </SectionCard>
  )
}

function ScanStep({ totpURI, onCancel, onVerified }: { totpURI: string; onCancel: () => void; onVerified: () => Promise<void> }) {
  const form = useForm({ resolver: zodResolver(TotpCodeSchema), defaultValues: { code: '' } })
  const { errors, isSubmitting } = form.formState
  const setupKey = setupKeyOf(totpURI)

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await verifyTotp(code)
      await onVerified()
    } catch (error) {
      const message = error instanceof ApiError && error.status === 401 ? `${error.message}. Check the time on your phone and try the newest code.` : errorMessage(error)
      form.setError('code', { message }, { shouldFocus: true })
    }
  })

  return (
    <div className="grid gap-6 md:grid-cols-[auto_minmax(0,1fr)] md:items-start">
      <div className="flex justify-center md:block">
        <TotpQrCode uri={totpURI} />
      </div>
      <div className="grid gap-5">
        <div className="grid gap-2">
          <h3 className="flex items-center gap-2 text-sm font-semibold">
            <StepNumber n={1} />
            Scan the QR code
          </h3>
          <p className="text-sm text-muted-foreground">Open your authenticator app, add an account and scan the code.</p>
          <div className="grid gap-2 rounded-lg border bg-muted/40 p-3">
            <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
              <KeyRound className="size-3.5" aria-hidden="true" />
              Can't scan it? Enter this setup key instead:
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <div role="group" aria-label="Setup key" className="min-w-0">
                <code className="font-mono text-sm font-semibold tracking-wider break-words">{setupKey}</code>
              </div>
              <CopyButton text={setupKey.replace(/\s/g, '')} label="Copy key" className="ml-auto" />
            </div>
          </div>
        </div>
        <form onSubmit={onSubmit} noValidate aria-label="Verify authenticator code" className="grid gap-3">
          <h3 className="flex items-center gap-2 text-sm font-semibold">
            <StepNumber n={2} />
            Enter the 6-digit code from the app
          </h3>
          <FormField label="Authentication code" error={errors.code?.message}>
            <TotpCodeInput
              className="max-w-48"
              autoFocus
              {...form.register('code')}
            />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button type="button" variant="ghost" onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Verify and enable
            </Button>
          </div>
        </form>
      </div>
    </div>
  )
}

function StepNumber({ n }: { n: number }) {
  return (
    <span aria-hidden="true" className="flex size-5 items-center justify-center rounded-full bg-primary text-[11px] font-bold text-primary-foreground">
      {n}
    </span>
  )
}
