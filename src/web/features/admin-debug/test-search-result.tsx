import type { TestSearchResult } from '#shared/admin.ts'
import { JsonPane } from './json-pane.tsx'

/** The provider's answer as it came and as FareDrop reads it, side by side (stacked on phones). */
export function TestSearchResultView({ result }: { result: TestSearchResult }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <JsonPane title="Raw answer" value={result.raw} />
      <JsonPane title="Mapped answer" value={result.mapped} />
    </div>
  )
}
