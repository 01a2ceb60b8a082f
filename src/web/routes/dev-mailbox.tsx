import { Inbox, RefreshCw, TriangleAlert } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { PageContainer, PageHeader } from '../components/page-header.tsx'
import { Badge } from '../components/ui/badge.tsx'
import { Button } from '../components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx'
import { Input } from '../components/ui/input.tsx'
import { Label } from '../components/ui/label.tsx'
import { cn } from '../lib/cn.ts'

/** One row of GET /api/dev/outbox. */
interface OutboxMessage {
  id: string
  channel: 'email' | 'sms' | 'whatsapp' | 'push'
  to: string
  subject: string | null
  text: string
  html: string | null
  links: string[]
  createdAt: string
}

type OutboxResult = { status: 'ready'; messages: OutboxMessage[] } | { status: 'unavailable' } | { status: 'failed' }

/**
 * The link the server prints at start-up carries the outbox key in its fragment (#key=…): trade
 * it for the outbox cookie once, then drop it from the address bar (and from history, bookmarks
 * and screenshots). Every read waits for the trade.
 */
let keyTrade: Promise<unknown> = Promise.resolve()

function tradeKeyFromLink(): Promise<unknown> {
  const key = new URLSearchParams(window.location.hash.slice(1)).get('key')
  if (key) {
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`)
    keyTrade = fetch('/api/dev/outbox-key', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key }) }).catch(() => {})
  }
  return keyTrade
}

async function fetchOutbox(to: string, signal: AbortSignal): Promise<OutboxResult> {
  await tradeKeyFromLink()
  const query = to ? `?to=${encodeURIComponent(to)}` : ''
  const res = await fetch(`/api/dev/outbox${query}`, { signal })
  if (res.status === 404) return { status: 'unavailable' }
  if (!res.ok) return { status: 'failed' }
  const body = (await res.json()) as { messages: OutboxMessage[] }
  return { status: 'ready', messages: body.messages }
}

/**
 * The outbox for a recipient filter. `reloads` refetches. While a request runs, the previous
 * result stays on screen and `loading` is true.
 */
function useOutbox(to: string, reloads: number) {
  const requestKey = `${reloads}:${to}`
  const [latest, setLatest] = useState<{ requestKey: string; result: OutboxResult }>()
  useEffect(() => {
    const controller = new AbortController()
    fetchOutbox(to, controller.signal).then(
      (result) => setLatest({ requestKey, result }),
      () => {
        if (!controller.signal.aborted) setLatest({ requestKey, result: { status: 'failed' } })
      },
    )
    return () => controller.abort()
  }, [to, requestKey])
  return { result: latest?.result, loading: latest?.requestKey !== requestKey }
}

const CHANNEL_LABELS: Record<OutboxMessage['channel'], string> = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp', push: 'Push' }

function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })
}

export default function DevMailboxPage() {
  const [draftRecipient, setDraftRecipient] = useState('')
  const [recipient, setRecipient] = useState('')
  const [reloads, setReloads] = useState(0)
  const [selectedId, setSelectedId] = useState<string>()
  const { result, loading } = useOutbox(recipient, reloads)
  // The printed link pasted into a mailbox tab already open: read again with its key.
  useEffect(() => {
    const onHashChange = () => {
      if (window.location.hash.includes('key=')) setReloads((n) => n + 1)
    }
    window.addEventListener('hashchange', onHashChange)
    return () => window.removeEventListener('hashchange', onHashChange)
  }, [])

  function applyFilter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setRecipient(draftRecipient.trim())
    setReloads((n) => n + 1)
  }

  const messages = result?.status === 'ready' ? result.messages : []
  const selected = messages.find((m) => m.id === selectedId) ?? messages[0]

  return (
    <PageContainer>
      <PageHeader
        title="Local mailbox"
        description="Messages FareDrop sent while no email service is configured, newest first."
        actions={
          <Button variant="outline" onClick={() => setReloads((n) => n + 1)} loading={loading}>
            {!loading && <RefreshCw aria-hidden="true" />}
            Refresh
          </Button>
        }
      />

      <div role="note" className="mt-6 flex gap-3 rounded-xl border border-warning bg-warning/15 p-4 text-sm">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-warning-foreground dark:text-warning" aria-hidden="true" />
        <p>
          This is a local inbox for development: emails FareDrop would have sent are kept here instead. It opens only with the
          link the server printed when it started, or for admins, and it is switched off when SMTP is configured.
        </p>
      </div>

      <form onSubmit={applyFilter} className="mt-6 flex flex-col gap-2 sm:max-w-md">
        <Label htmlFor="mailbox-recipient">Recipient</Label>
        <div className="flex gap-2">
          <Input
            id="mailbox-recipient"
            type="email"
            placeholder="All recipients"
            value={draftRecipient}
            onChange={(event) => setDraftRecipient(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            Filter
          </Button>
        </div>
      </form>

      <div className="mt-6">
        {result === undefined ? (
          <p className="text-muted-foreground">Loading messages…</p>
        ) : result.status === 'unavailable' ? (
          <Card>
            <CardContent className="py-8 text-center">
              The local mailbox is not available here. Open it with the link the server printed when it started (or sign in
              as an admin); with SMTP configured there is no local mailbox.
            </CardContent>
          </Card>
        ) : result.status === 'failed' ? (
          <Card>
            <CardContent className="py-8 text-center" role="alert">
              The local mailbox could not be loaded. Check that the server is running, then refresh.
            </CardContent>
          </Card>
        ) : messages.length === 0 ? (
          <Card>
            <CardContent className="flex flex-col items-center gap-2 py-12 text-center text-muted-foreground">
              <Inbox className="size-8" aria-hidden="true" />
              {recipient ? `No messages to ${recipient} yet.` : 'No messages yet. Sign up or ask for a sign-in link and it shows up here.'}
            </CardContent>
          </Card>
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <MessageList messages={messages} selectedId={selected?.id} onSelect={setSelectedId} />
            {selected && <MessageView message={selected} />}
          </div>
        )}
      </div>
    </PageContainer>
  )
}

function MessageList({
  messages,
  selectedId,
  onSelect,
}: {
  messages: OutboxMessage[]
  selectedId: string | undefined
  onSelect: (id: string) => void
}) {
  return (
    <section aria-labelledby="mailbox-messages">
      <h2 id="mailbox-messages" className="sr-only">
        Messages
      </h2>
      <ul className="flex flex-col gap-2">
        {messages.map((message) => (
          <li key={message.id}>
            <button
              type="button"
              onClick={() => onSelect(message.id)}
              aria-current={message.id === selectedId || undefined}
              className={cn(
                'flex w-full flex-col gap-1 rounded-lg border p-3 text-left text-sm transition-colors hover:bg-accent',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                message.id === selectedId && 'border-primary bg-accent',
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="truncate font-medium">{message.to}</span>
                <Badge variant="secondary">{CHANNEL_LABELS[message.channel]}</Badge>
              </span>
              <span className="truncate">{message.subject ?? message.text}</span>
              <time dateTime={message.createdAt} className="text-xs text-muted-foreground">
                {formatTime(message.createdAt)}
              </time>
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}

function MessageView({ message }: { message: OutboxMessage }) {
  return (
    <Card aria-label="Selected message" role="region">
      <CardHeader>
        <CardTitle>{message.subject ?? CHANNEL_LABELS[message.channel]}</CardTitle>
        <CardDescription>
          To {message.to} · {formatTime(message.createdAt)}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {message.links.length > 0 && (
          <div>
            <h4 className="text-sm font-semibold">Links</h4>
            <ul className="mt-2 flex flex-col gap-1 text-sm">
              {message.links.map((link) => (
                <li key={link}>
                  <a href={link} className="break-all text-primary underline-offset-4 hover:underline">
                    {link}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
        {message.html ? (
          // sandbox="" runs no scripts and gives the email an opaque origin; its links are listed above.
          <iframe
            key={message.id}
            sandbox=""
            src={`/api/dev/outbox/${encodeURIComponent(message.id)}/html`}
            title={`Email: ${message.subject ?? message.to}`}
            className="h-[640px] w-full rounded-md border bg-white"
          />
        ) : (
          <pre className="overflow-x-auto whitespace-pre-wrap rounded-md bg-muted p-4 text-sm">{message.text}</pre>
        )}
      </CardContent>
    </Card>
  )
}
