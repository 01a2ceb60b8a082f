import { useQuery, useQueryClient } from '@tanstack/react-query'
import { AlertTriangle, Check, Copy, KeyRound, Plus, Trash2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { API_TOKEN_REQUESTS_PER_MINUTE, createApiTokenSchema, type ApiTokenView } from '#shared/api-tokens.ts'
import { Notice } from '../../components/notice.tsx'
import { SectionCard } from '../../components/section-card.tsx'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { FormField } from '../../components/ui/form-field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { api, errorMessage } from '../../lib/api-client.ts'
import { formatDateTime, formatRelative } from '../../lib/format.ts'
import { toast } from '../../stores/toast-store.ts'

export const API_TOKENS_ID = 'api-tokens'
const tokensQuery = { queryKey: ['me', 'api-tokens'], queryFn: () => api('GET /api/me/api-tokens') }

/**
 * Unlimited's personal API tokens (decision 042): create one with a name and what it may do, see
 * it once with a copy button, list the others by name, scope, prefix and last use, revoke any.
 */
export function ApiTokensSection() {
  const queryClient = useQueryClient()
  const tokens = useQuery(tokensQuery)
  const [name, setName] = useState('')
  const [write, setWrite] = useState(false)
  const [nameError, setNameError] = useState<string | null>(null)
  const [creating, setCreating] = useState(false)
  const [created, setCreated] = useState<{ token: string; name: string } | null>(null)
  const [copied, setCopied] = useState(false)
  const [revoking, setRevoking] = useState<string | null>(null)

  const refresh = () => queryClient.invalidateQueries({ queryKey: tokensQuery.queryKey })

  const create = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = createApiTokenSchema.safeParse({ name, scopes: write ? ['read', 'write'] : ['read'] })
    if (!parsed.success) return setNameError(parsed.error.issues[0]!.message)
    setNameError(null)
    setCreating(true)
    try {
      const answer = await api('POST /api/me/api-tokens', { json: { name: parsed.data.name, scopes: parsed.data.scopes } })
      setCreated({ token: answer.token, name: answer.apiToken.name })
      setCopied(false)
      setName('')
      setWrite(false)
      await refresh()
    } catch (error) {
      toast.error('Could not create the token', errorMessage(error))
    } finally {
      setCreating(false)
    }
  }

  const revoke = async (token: ApiTokenView) => {
    if (!window.confirm(`Revoke “${token.name}”? Anything using it stops working at once.`)) return
    setRevoking(token.id)
    try {
      await api('DELETE /api/me/api-tokens/:id', { params: { id: token.id } })
      toast.success('Token revoked', token.name)
      await refresh()
    } catch (error) {
      toast.error('Could not revoke the token', errorMessage(error))
    } finally {
      setRevoking(null)
    }
  }

  return (
    <SectionCard
      id={API_TOKENS_ID}
      icon={KeyRound}
      title="API tokens"
      description={`Let your own systems manage alerts through the FareDrop API (/api/v1), ${API_TOKEN_REQUESTS_PER_MINUTE} requests a minute per token. Treat a token like a password.`}
    >
      <div className="grid gap-5">
        {created && (
          <Notice tone="success" icon={Check}>
            <div className="grid gap-2">
              <p>{`“${created.name}” is ready. Copy it now: it won't be shown again.`}</p>
              <div className="flex flex-wrap items-center gap-2">
                <code className="rounded bg-background px-2 py-1 font-mono text-xs break-all" aria-label="New API token">
                  {created.token}
                </code>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    void navigator.clipboard.writeText(created.token).then(
                      () => setCopied(true),
                      () => toast.error('Could not copy', 'Select the token and copy it by hand.'),
                    )
                  }
                >
                  {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              </div>
            </div>
          </Notice>
        )}

        <form className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end" onSubmit={(event) => void create(event)} noValidate>
          <FormField label="Token name" error={nameError ?? undefined} hint="What will use it, such as “Agency CRM”.">
            <Input value={name} maxLength={60} autoComplete="off" onChange={(event) => setName(event.target.value)} />
          </FormField>
          {/* The choice before the button on a phone; beside the name, the button, on wider screens. */}
          <label className="flex items-center gap-2 text-sm sm:col-span-2 sm:row-start-2">
            <input type="checkbox" className="size-4 accent-primary" checked={write} onChange={(event) => setWrite(event.target.checked)} />
            May also create, change and delete alerts (read and write)
          </label>
          <Button type="submit" loading={creating} className="sm:col-start-2 sm:row-start-1 sm:mb-6">
            <Plus aria-hidden="true" />
            Create token
          </Button>
        </form>

        {tokens.isPending ? (
          <Skeleton className="h-16 w-full rounded-lg" />
        ) : tokens.isError ? (
          <Notice tone="error" icon={AlertTriangle}>
            <p>Could not load your tokens. {errorMessage(tokens.error)}</p>
          </Notice>
        ) : tokens.data.tokens.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tokens yet.</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="API tokens">
            {tokens.data.tokens.map((token) => (
              <li key={token.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                    <span className="truncate">{token.name}</span>
                    <Badge variant="secondary">{token.scopes.includes('write') ? 'Read and write' : 'Read only'}</Badge>
                  </p>
                  <p className="text-xs text-muted-foreground">
                    <span className="font-mono">{token.prefix}</span>
                    <span aria-hidden="true"> · </span>
                    <span title={formatDateTime(token.createdAt)}>Created {formatRelative(token.createdAt)}</span>
                    <span aria-hidden="true"> · </span>
                    {token.lastUsedAt ? <span title={formatDateTime(token.lastUsedAt)}>Last used {formatRelative(token.lastUsedAt)}</span> : 'Never used'}
                  </p>
                </div>
                <Button variant="outline" size="sm" loading={revoking === token.id} onClick={() => void revoke(token)} aria-label={`Revoke ${token.name}`}>
                  <Trash2 aria-hidden="true" />
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </SectionCard>
  )
}
