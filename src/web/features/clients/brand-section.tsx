import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ImageUp, Palette, Trash2 } from 'lucide-react'
import { useId, useRef, useState, type ChangeEvent } from 'react'
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form'
import { BRAND_LIMITS, BRAND_MESSAGES, brandSchema, DEFAULT_BRAND, LOGO_TYPES, type BrandInput, type BrandSettings, type BrandView, type LogoType } from '#shared/brand.ts'
import { SectionCard } from '../../components/section-card.tsx'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Label } from '../../components/ui/label.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts'
import { api, ApiError, errorMessage } from '../../lib/api-client.ts'
import { meQueryOptions } from '../../lib/session.ts'
import { toast } from '../../stores/toast-store.ts'

const brandQuery = { queryKey: ['me', 'brand'], queryFn: () => api('GET /api/me/brand') }
const FIELDS = ['brandName', 'primaryColor', 'accentColor', 'replyTo'] as const

/** The file's bytes as base64, for the logo upload's JSON body. */
const base64Of = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'))
    reader.readAsDataURL(file)
  })

/**
 * White-label (decision 043): the name, colours, reply-to address and logo a client sees on their
 * alerts and on the confirm and unsubscribe pages, with a live preview of a price-drop email.
 */
export function BrandSection() {
  const brand = useQuery(brandQuery)
  const me = useQuery(meQueryOptions)
  if (brand.isPending || me.isPending) return <Skeleton className="h-96 w-full rounded-lg" />
  return <BrandForm saved={brand.data?.brand ?? null} advisorName={me.data?.user?.name ?? ''} />
}

function BrandForm({ saved, advisorName }: { saved: BrandView['brand']; advisorName: string }) {
  const queryClient = useQueryClient()
  const form = useForm<BrandInput, unknown, BrandSettings>({
    resolver: zodResolver(brandSchema),
    mode: 'onChange',
    defaultValues: {
      brandName: saved?.brandName ?? advisorName,
      primaryColor: saved?.primaryColor ?? DEFAULT_BRAND.primaryColor,
      accentColor: saved?.accentColor ?? DEFAULT_BRAND.accentColor,
      replyTo: saved?.replyTo ?? '',
    },
  })
  const { errors, isSubmitting } = form.formState
  const values = useWatch({ control: form.control }) as BrandInput
  const parsed = brandSchema.safeParse(values)
  const preview = useDebouncedValue(
    parsed.success ? new URLSearchParams({ brandName: parsed.data.brandName, primaryColor: parsed.data.primaryColor, accentColor: parsed.data.accentColor, replyTo: parsed.data.replyTo ?? '' }).toString() : null,
    400,
  )
  // While a field is being corrected, the last valid brand stays on show (state adjusted while rendering).
  const [shownPreview, setShownPreview] = useState<string | null>(preview)
  if (preview && preview !== shownPreview) setShownPreview(preview)

  const store = (view: BrandView) => queryClient.setQueryData(brandQuery.queryKey, view)

  const onSubmit = form.handleSubmit(async (settings) => {
    try {
      store(await api('PUT /api/me/brand', { json: settings }))
      toast.success('Brand saved', 'Your clients see it on their next message.')
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        for (const field of FIELDS) {
          const message = error.fieldErrors[field]?.[0]
          if (message) form.setError(field, { message })
        }
        return
      }
      toast.error('Could not save the brand', errorMessage(error))
    }
  })

  return (
    <SectionCard id="brand" icon={Palette} title="Your brand" description="What your clients see on their alerts and on the pages they open from them, instead of FareDrop's look.">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div className="grid content-start gap-5">
          <form id="brand-form" className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
            <FormField label="Brand name" error={errors.brandName?.message} hint="Shown as the sender of your clients' alerts.">
              <Input autoComplete="organization" maxLength={BRAND_LIMITS.nameMax} {...form.register('brandName')} />
            </FormField>
            <div className="grid grid-cols-2 gap-4">
              <ColorField label="Main colour" error={errors.primaryColor?.message} value={values.primaryColor} register={form.register('primaryColor')} onPick={(hex) => form.setValue('primaryColor', hex, { shouldValidate: true })} />
              <ColorField label="Price colour" error={errors.accentColor?.message} value={values.accentColor} register={form.register('accentColor')} onPick={(hex) => form.setValue('accentColor', hex, { shouldValidate: true })} />
            </div>
            <FormField label="Reply-to email" error={errors.replyTo?.message} hint="Where your clients' replies go. Empty: FareDrop support.">
              <Input type="email" autoComplete="email" {...form.register('replyTo')} />
            </FormField>
            <Button type="submit" loading={isSubmitting} className="justify-self-start">
              Save brand
            </Button>
          </form>
          <LogoField saved={saved} onSaved={store} />
        </div>
        <div className="grid content-start gap-2">
          <p className="text-sm font-medium">Preview: a client's price-drop email</p>
          {shownPreview ? (
            <iframe
              title="Email preview"
              sandbox=""
              src={`/api/me/brand/preview?${shownPreview}`}
              className="h-[36rem] w-full rounded-lg border bg-white"
            />
          ) : (
            <Skeleton className="h-[36rem] w-full rounded-lg" />
          )}
        </div>
      </div>
    </SectionCard>
  )
}

/** A colour as text (#rrggbb, what the rules check) with a picker beside it; the label names the text field. */
function ColorField({ label, error, value, register, onPick }: { label: string; error: string | undefined; value: string; register: UseFormRegisterReturn; onPick: (hex: string) => void }) {
  const id = useId()
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label}: pick`}
          className="size-9 shrink-0 cursor-pointer rounded-md border bg-transparent p-0.5"
          value={/^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : '#000000'}
          onChange={(event) => onPick(event.target.value)}
        />
        <Input id={id} className="font-mono" maxLength={7} spellCheck={false} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...register} />
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

/** The logo: checked here for type and size (the server checks the bytes too), uploaded on choosing it. */
function LogoField({ saved, onSaved }: { saved: BrandView['brand']; onSaved: (view: BrandView) => void }) {
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setError(BRAND_MESSAGES.logoType)
    if (file.size > BRAND_LIMITS.logoMaxBytes) return setError(BRAND_MESSAGES.logoSize)
    setError(null)
    setBusy(true)
    try {
      onSaved(await api('PUT /api/me/brand/logo', { json: { contentType: file.type as LogoType, data: await base64Of(file) } }))
      toast.success('Logo saved')
    } catch (failure) {
      setError(failure instanceof ApiError ? (Object.values(failure.fieldErrors ?? {})[0]?.[0] ?? failure.message) : errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  const remove = async () => {
    setBusy(true)
    try {
      onSaved(await api('DELETE /api/me/brand/logo'))
    } catch (failure) {
      toast.error('Could not remove the logo', errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="grid gap-2 border-t pt-4">
      <p className="text-sm font-medium">Logo</p>
      {saved?.logoUrl ? (
        <img src={saved.logoUrl} alt="Your logo" className="max-h-12 max-w-60 justify-self-start rounded border bg-white object-contain p-1" />
      ) : (
        <p className="text-sm text-muted-foreground">{saved ? 'No logo: your brand name is shown instead.' : 'Save your brand first, then add a logo.'}</p>
      )}
      <input ref={input} type="file" accept={LOGO_TYPES.join(',')} className="sr-only" aria-label="Logo file" onChange={(event) => void upload(event)} />
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" disabled={!saved} loading={busy} onClick={() => input.current?.click()}>
          <ImageUp aria-hidden="true" />
          {saved?.logoUrl ? 'Replace logo' : 'Upload logo'}
        </Button>
        {saved?.logoUrl && (
          <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => void remove()}>
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        )}
      </div>
      {error ? <p className="text-sm text-destructive">{error}</p> : <p className="text-xs text-muted-foreground">{`PNG, JPEG or WebP, up to ${BRAND_LIMITS.logoMaxBytes / 1024} KB and ${BRAND_LIMITS.logoMaxSide} pixels a side.`}</p>}
    </div>
  )
}
