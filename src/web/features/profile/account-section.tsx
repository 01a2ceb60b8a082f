import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { Pencil, UserRound } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { toast } from '../../stores/toast-store.ts'
import { updateProfileName, type AuthSession } from '../auth/index.ts'
import { refreshSession } from '../../lib/session.ts'
import { formatDay, initials } from '../../lib/format.ts'
import { NameSchema, PROFILE_MESSAGES, type NameInput } from './schemas.ts'
import { Detail, SectionCard } from '../../components/section-card.tsx'

/** First and last name as stored, or split from the display name for accounts made without them. */
function namesOf(user: AuthSession['user']): NameInput {
  if (user.firstName || user.lastName) return { firstName: user.firstName ?? '', lastName: user.lastName ?? '' }
  const [firstName = '', ...rest] = user.name.trim().split(/\s+/)
  return { firstName, lastName: rest.join(' ') }
}

export function AccountSection({ user }: { user: AuthSession['user'] }) {
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState(false)
  const names = namesOf(user)
  const form = useForm<NameInput>({ resolver: zodResolver(NameSchema), defaultValues: names })
  const { errors, isSubmitting } = form.formState
  useEffect(() => {
    if (editing) form.setFocus('firstName')
  }, [editing, form])
  const fullName = `${names.firstName} ${names.lastName}`.trim() || user.name

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await updateProfileName(values)
      await refreshSession(queryClient)
      toast.success(PROFILE_MESSAGES.profileUpdated)
      setEditing(false)
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 401 ? PROFILE_MESSAGES.notAuthenticated : PROFILE_MESSAGES.profileUpdateFailed)
    }
  })

  const startEditing = () => {
    form.reset(names)
    setEditing(true)
  }

  return (
    <SectionCard
      id="account"
      icon={UserRound}
      title="Account"
      description="Your name as it appears on FareDrop and in the emails we send you."
      actions={
        !editing && (
          <Button variant="outline" size="sm" onClick={startEditing}>
            <Pencil aria-hidden="true" />
            Edit name
          </Button>
        )
      }
    >
      <div className="flex items-center gap-4 rounded-lg border bg-muted/40 p-4">
        <div
          aria-hidden="true"
          className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-semibold text-primary-foreground"
        >
          {initials(fullName, user.email)}
        </div>
        <div className="min-w-0">
          <p className="truncate text-base font-semibold">{fullName || 'No name yet'}</p>
          <p className="truncate text-sm text-muted-foreground">{user.email}</p>
        </div>
      </div>

      {editing ? (
        <form onSubmit={onSubmit} noValidate aria-label="Edit name" className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First name" error={errors.firstName?.message}>
              <Input autoComplete="given-name" {...form.register('firstName')} />
            </FormField>
            <FormField label="Last name" error={errors.lastName?.message}>
              <Input autoComplete="family-name" {...form.register('lastName')} />
            </FormField>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="ghost" onClick={() => setEditing(false)} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Save changes
            </Button>
          </div>
        </form>
      ) : (
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <Detail label="First name">{names.firstName || '—'}</Detail>
          <Detail label="Last name">{names.lastName || '—'}</Detail>
          <Detail label="Member since">{formatDay(user.createdAt) || '—'}</Detail>
        </dl>
      )}
    </SectionCard>
  )
}
