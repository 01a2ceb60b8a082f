import { MonitorDown } from 'lucide-react'
import { Button } from '../../components/ui/button.tsx'
import { useInstallPrompt } from './install-prompt.ts'

/** "Install app", shown only while the browser offers to install FareDrop; the click opens its dialog. */
export function InstallAppButton() {
  const install = useInstallPrompt()
  if (!install) return null
  return (
    <Button variant="outline" className="w-full sm:w-auto" onClick={() => void install()}>
      <MonitorDown aria-hidden="true" />
      Install app
    </Button>
  )
}
