import { useQueryClient } from '@tanstack/react-query'
import { CircleAlert, CircleCheck, FileUp } from 'lucide-react'
import { useId, useState } from 'react'
import { ALERT_CSV_COLUMNS, MAX_CSV_BYTES, MAX_CSV_ROWS, CSV_MESSAGES, type AlertImportReport } from '#shared/alerts/alert-csv.ts'
import { Notice } from '../../components/notice.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx'
import { api, errorMessage } from '../../lib/api-client.ts'
import { toast } from '../../stores/toast-store.ts'
import { alertQueryKeys } from './quota.ts'

/** A file with the header and one example row: what a spreadsheet needs to start from. */
export function csvTemplate(): string {
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value)
  return `${ALERT_CSV_COLUMNS.map((column) => column.name).join(',')}\n${ALERT_CSV_COLUMNS.map((column) => quote(column.example)).join(',')}\n`
}

const plural = (count: number, one: string) => `${count.toLocaleString('en-US')} ${one}${count === 1 ? '' : 's'}`

/**
 * Unlimited's CSV import (decision 041): pick a file, check it (a dry run on the server, which
 * lists every problem with its line and column), then import: all rows or none.
 */
export function CsvImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId()
  const queryClient = useQueryClient()
  const [file, setFile] = useState<{ name: string; text: string } | null>(null)
  const [report, setReport] = useState<AlertImportReport | null>(null)
  const [busy, setBusy] = useState<'check' | 'import' | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const reset = () => {
    setFile(null)
    setReport(null)
    setFailure(null)
  }

  const send = async (dryRun: boolean) => {
    if (!file) return
    setBusy(dryRun ? 'check' : 'import')
    setFailure(null)
    try {
      const answer = await api('POST /api/alerts/import', { json: { csv: file.text, dryRun } })
      setReport(answer)
      if (!dryRun && answer.created > 0) {
        toast.success('Alerts imported', `${plural(answer.created, 'alert')} added; the first checks start within minutes.`)
        await queryClient.invalidateQueries({ queryKey: alertQueryKeys.all })
        reset()
        onOpenChange(false)
      }
    } catch (error) {
      setFailure(errorMessage(error))
    } finally {
      setBusy(null)
    }
  }

  const pick = async (picked: File | undefined) => {
    reset()
    if (!picked) return
    if (picked.size > MAX_CSV_BYTES) return setFailure(CSV_MESSAGES.tooLarge)
    setFile({ name: picked.name, text: await picked.text() })
  }

  const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(csvTemplate())}`
  const ready = report?.dryRun && report.errors.length === 0 && report.rows > 0

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset()
        onOpenChange(next)
      }}
    >
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import alerts from CSV</DialogTitle>
          <DialogDescription>
            {`One route alert per row, up to ${MAX_CSV_ROWS.toLocaleString('en-US')} a file. Check the file first: nothing is imported until every row is right.`}
          </DialogDescription>
        </DialogHeader>

        <div className="grid gap-4">
          <div className="flex flex-wrap items-center gap-3">
            <label htmlFor={`${id}-file`} className="sr-only">
              CSV file
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium"
              onChange={(event) => void pick(event.target.files?.[0])}
            />
            <a href={templateHref} download="faredrop-alerts-template.csv" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Download a template
            </a>
          </div>

          {failure && <Notice tone="error" icon={CircleAlert}>
              {failure}
            </Notice>}
          {report && report.errors.length === 0 && report.dryRun && (
            <Notice tone="success" icon={CircleCheck}>{`${file?.name ?? 'The file'}: ${plural(report.rows, 'row')}, no problems. Ready to import.`}</Notice>
          )}
          {report && report.errors.length > 0 && (
            <div className="grid gap-2">
              <Notice tone="error" icon={CircleAlert}>
                {`${plural(new Set(report.errors.map((error) => error.line)).size, 'line')} of ${plural(report.rows, 'row')} need fixing; nothing was imported.`}
              </Notice>
              <div className="max-h-64 overflow-auto rounded-md border">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Problems in the file</caption>
                  <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
                    <tr>
                      <th scope="col" className="px-3 py-2 font-medium">
                        Line
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        Column
                      </th>
                      <th scope="col" className="px-3 py-2 font-medium">
                        Problem
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.errors.map((error, i) => (
                      <tr key={i} className="border-t align-top">
                        <td className="px-3 py-2 tabular-nums">{error.line}</td>
                        <td className="px-3 py-2 font-mono text-xs">{error.column || '—'}</td>
                        <td className="px-3 py-2">{error.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          )}

          <details className="rounded-md border px-3 py-2 text-sm">
            <summary className="cursor-pointer font-medium">The columns</summary>
            <dl className="mt-2 grid gap-2">
              {ALERT_CSV_COLUMNS.map((column) => (
                <div key={column.name} className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-3">
                  <dt className="font-mono text-xs">
                    {column.name}
                    {column.required && <span className="text-muted-foreground"> (required)</span>}
                  </dt>
                  <dd className="text-muted-foreground">{column.description}</dd>
                </div>
              ))}
            </dl>
          </details>
        </div>

        <DialogFooter>
          <Button variant="outline" disabled={!file || busy !== null} loading={busy === 'check'} onClick={() => void send(true)}>
            Check file
          </Button>
          <Button disabled={!ready || busy !== null} loading={busy === 'import'} onClick={() => void send(false)}>
            <FileUp aria-hidden="true" />
            {ready ? `Import ${plural(report.rows, 'alert')}` : 'Import'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
