import { Download, FileUp } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx'
import { errorMessage } from '../../lib/api-client.ts'
import { apiFile, type FileRoute } from '../../lib/api-file.ts'
import { toast } from '../../stores/toast-store.ts'
import { CsvImportDialog } from './csv-import-dialog.tsx'

/** Saves a file the API answered, under the name it gave. */
async function save(route: FileRoute): Promise<void> {
  try {
    const { blob, filename } = await apiFile(route)
    const url = URL.createObjectURL(blob)
    const link = Object.assign(document.createElement('a'), { href: url, download: filename })
    link.click()
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 0)
  } catch (error) {
    toast.error('Export failed', errorMessage(error))
  }
}

/** Unlimited's "Import CSV" and "Export" (alerts, or their price history), beside "New alert" (decision 041). */
export function CsvActions() {
  const [importing, setImporting] = useState(false)
  return (
    <>
      <Button variant="outline" className="w-full sm:w-auto" onClick={() => setImporting(true)}>
        <FileUp aria-hidden="true" />
        Import CSV
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" className="w-full sm:w-auto">
            <Download aria-hidden="true" />
            Export
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => void save('GET /api/alerts/export')}>Alerts (CSV)</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void save('GET /api/alerts/export/prices')}>Price history (CSV)</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <CsvImportDialog open={importing} onOpenChange={setImporting} />
    </>
  )
}
