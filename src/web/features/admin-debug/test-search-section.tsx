import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Info, Search } from 'lucide-react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { testSearchSchema } from '#shared/admin.ts'
import { Notice } from '../../components/notice.tsx'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { ApiError, errorMessage } from '../../lib/api-client.ts'
import { debugInfoQuery, runTestSearch } from './api.ts'
import { DebugSection } from './debug-section.tsx'
import { TestSearchResultView } from './test-search-result.tsx'

type TestSearchForm = z.input<typeof testSearchSchema>
const FIELDS = ['from', 'to', 'departureDate', 'returnDate'] as const

/** A date a month from today (YYYY-MM-DD, local), so the form can be sent as it opens. */
function inAMonth(): string {
  const date = new Date()
  date.setDate(date.getDate() + 30)
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
}

const airport = { setValueAs: (value: string) => value.trim().toUpperCase() }
// An empty return date is a one-way search: the schema wants the field left out.
const optionalDate = { setValueAs: (value: string) => value || undefined }

/** One search against the configured provider, showing what it answered and what FareDrop made of it. */
export function TestSearchSection() {
  const flights = useQuery(debugInfoQuery).data?.drivers.flights
  const form = useForm<TestSearchForm>({
    resolver: zodResolver(testSearchSchema),
    defaultValues: { from: 'JFK', to: 'LHR', departureDate: inAMonth(), returnDate: undefined },
  })
  const search = useMutation({
    mutationFn: runTestSearch,
    onError: (error) => {
      // The server's own field checks (a date in the past…) go under their fields.
      if (!(error instanceof ApiError)) return
      for (const field of FIELDS) {
        const message = error.fieldErrors?.[field]?.[0]
        if (message) form.setError(field, { message })
      }
    },
  })
  const { errors } = form.formState
  const onSubmit = form.handleSubmit((values) => search.mutate(values))

  return (
    <DebugSection
      id="test-search"
      icon={Search}
      title="Test search"
      description="One search against the configured flight provider: its raw answer beside the answer mapped to FareDrop's model."
    >
      <Notice tone={flights === 'serpapi' ? 'warning' : 'info'} icon={Info}>
        <p>
          On SerpApi each test search costs one billed call.
          {flights && flights !== 'serpapi' && ` This server uses the ${flights} provider, so it costs nothing here.`}
        </p>
      </Notice>
      <form onSubmit={onSubmit} noValidate aria-label="Test search" className="grid gap-4">
        <div className="grid grid-cols-2 items-start gap-4 lg:grid-cols-4">
          <FormField label="From" error={errors.from?.message} hint="e.g. JFK">
            <Input autoComplete="off" maxLength={3} className="uppercase" {...form.register('from', airport)} />
          </FormField>
          <FormField label="To" error={errors.to?.message} hint="e.g. LHR">
            <Input autoComplete="off" maxLength={3} className="uppercase" {...form.register('to', airport)} />
          </FormField>
          {/* Dates take a row each on phones: too narrow side by side for the date field's own controls. */}
          <div className="col-span-2 sm:col-span-1">
            <FormField label="Departure date" error={errors.departureDate?.message}>
              <Input type="date" {...form.register('departureDate')} />
            </FormField>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <FormField label="Return date (optional)" error={errors.returnDate?.message} hint="Empty for one way">
              <Input type="date" {...form.register('returnDate', optionalDate)} />
            </FormField>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={search.isPending}>
            {search.isPending ? 'Searching…' : 'Run test search'}
          </Button>
          <p role="status" className="flex flex-wrap items-center gap-1.5 text-sm">
            {search.isSuccess && (
              <>
                Answered by
                <Badge variant="secondary" className="font-mono">
                  {search.data.provider}
                </Badge>
                in <span className="font-semibold tabular-nums">{search.data.ms.toLocaleString('en-US')} ms</span>
              </>
            )}
          </p>
        </div>
        {search.isError && (
          <p role="alert" className="text-sm text-destructive">
            The test search failed: {errorMessage(search.error)}
          </p>
        )}
      </form>
      {search.data && <TestSearchResultView result={search.data} />}
    </DebugSection>
  )
}
