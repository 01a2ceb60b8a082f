import { useQuery } from '@tanstack/react-query'
import { SlidersHorizontal } from 'lucide-react'
import type { AdminDebugInfo } from '#shared/admin.ts'
import { debugInfoQuery } from './api.ts'
import { DebugSection } from './debug-section.tsx'
import { QueryView } from './query-view.tsx'

/** A setting's value as text; null for one not set. */
function settingText(value: AdminDebugInfo['settings'][string]): string | null {
  if (value === null || value === '') return null
  return typeof value === 'number' ? value.toLocaleString('en-US') : String(value)
}

/** The non-secret settings that explain behaviour (budgets, URLs). The server never sends secrets. */
export function SettingsSection() {
  const query = useQuery(debugInfoQuery)
  return (
    <DebugSection id="settings" icon={SlidersHorizontal} title="Settings" description="Non-secret settings that explain behaviour. Secrets are never sent to this page.">
      <QueryView query={query} label="Loading the settings…" lines={6}>
        {(info) => {
          // In the server's order, which groups them.
          const entries = Object.entries(info.settings)
          if (!entries.length) return <p className="text-sm text-muted-foreground">The server reports no settings.</p>
          return (
            <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[minmax(0,auto)_minmax(0,1fr)]">
              {entries.map(([key, value]) => (
                <div key={key} className="contents">
                  <dt className="text-muted-foreground">{key}</dt>
                  <dd className="mb-1.5 break-all sm:mb-0">
                    {settingText(value) === null ? (
                      <span className="text-muted-foreground italic">not set</span>
                    ) : (
                      <span className="font-mono">{settingText(value)}</span>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          )
        }}
      </QueryView>
    </DebugSection>
  )
}
