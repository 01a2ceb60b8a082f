import { useQuery } from '@tanstack/react-query'
import { FlaskConical } from 'lucide-react'
import { debugInfoQuery } from './api.ts'
import { DebugSection } from './debug-section.tsx'
import { FailureModeForm } from './failure-mode-form.tsx'
import { QueryView } from './query-view.tsx'
import { ShockForm } from './shock-form.tsx'
import { ShockList } from './shock-list.tsx'

/** The simulated market's controls: price shocks and failure injection; a note on a live provider. */
export function SimulatedMarketSection() {
  const query = useQuery(debugInfoQuery)
  return (
    <DebugSection
      id="simulated-market"
      icon={FlaskConical}
      title="Simulated market"
      description="Move fares on a route, or make the provider fail, to see alerts and searches react. Affects every user of this server."
    >
      <QueryView query={query} label="Loading the simulated market…" lines={4}>
        {(info) =>
          info.simulator ? (
            <div className="grid gap-8 lg:grid-cols-2">
              <div className="grid content-start gap-4">
                <h3 className="font-semibold">Price shocks</h3>
                <ShockList shocks={info.simulator.shocks} />
                <ShockForm />
              </div>
              <div className="grid content-start gap-4 border-t pt-6 lg:border-t-0 lg:border-l lg:pt-0 lg:pl-8">
                <h3 className="font-semibold">Failure injection</h3>
                <FailureModeForm failures={info.simulator.failures} />
              </div>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              This server uses the live flight provider (<span className="font-mono">{info.drivers.flights}</span>): price shocks and failure
              injection exist only on the simulated market.
            </p>
          )
        }
      </QueryView>
    </DebugSection>
  )
}
