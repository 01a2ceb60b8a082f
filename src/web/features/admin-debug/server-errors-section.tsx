import { useQuery } from '@tanstack/react-query'
import { Bug } from 'lucide-react'
import { Badge } from '../../components/ui/badge.tsx'
import { formatDateTime } from '../../lib/format.ts'
import { serverErrorsQuery } from './api.ts'
import { CopyButton } from '../../components/copy-button.tsx'
import { DebugSection } from './debug-section.tsx'
import { QueryView } from './query-view.tsx'

/** The latest unexpected server errors (500s) of every process, with the request id the logs carry. */
export function ServerErrorsSection() {
  const query = useQuery(serverErrorsQuery)
  return (
    <DebugSection
      id="server-errors"
      icon={Bug}
      title="Recent server errors"
      description="Unexpected errors of every process, newest first (refreshed every 30 seconds). Search the logs for the request id."
    >
      <QueryView query={query} label="Loading the server errors…" lines={4}>
        {(errors) =>
          errors.length === 0 ? (
            <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">No server errors recorded.</p>
          ) : (
            <div className="overflow-x-auto rounded-lg border" role="region" aria-label="Server errors" tabIndex={0}>
              <table className="w-full min-w-[56rem] text-left text-sm">
                <thead className="bg-muted/50 text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Time
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Request id
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Method
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Path
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Status
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Message
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      User id
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {errors.map((error) => (
                    <tr key={error.id} className="align-top">
                      <td className="px-3 py-2 whitespace-nowrap">
                        <time dateTime={error.at}>{formatDateTime(error.at)}</time>
                      </td>
                      <td className="min-w-[11rem] px-3 py-2">
                        {error.requestId ? (
                          <span className="flex items-start gap-1">
                            <code className="font-mono text-xs break-all">{error.requestId}</code>
                            <CopyButton iconOnly text={error.requestId} what={`request id ${error.requestId}`} />
                          </span>
                        ) : (
                          <span className="text-muted-foreground">none</span>
                        )}
                      </td>
                      <td className="px-3 py-2 font-mono text-xs font-semibold">{error.method}</td>
                      <td className="max-w-[18rem] min-w-[9rem] px-3 py-2 font-mono text-xs break-all">{error.path}</td>
                      <td className="px-3 py-2">
                        <Badge variant="destructive" className="tabular-nums">
                          {error.status}
                        </Badge>
                      </td>
                      <td className="max-w-[24rem] min-w-[12rem] px-3 py-2 break-words">{error.message}</td>
                      <td className="max-w-[12rem] min-w-[8rem] px-3 py-2">
                        {error.userId ? (
                          <code className="font-mono text-xs break-all">{error.userId}</code>
                        ) : (
                          <span className="text-muted-foreground">anonymous</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryView>
    </DebugSection>
  )
}
