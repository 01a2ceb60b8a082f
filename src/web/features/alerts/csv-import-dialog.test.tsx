import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { alertFromCsvRow, CSV_MESSAGES, type AlertImportReport } from '#shared/alerts/alert-csv.ts'
import AlertsPage from '../../routes/alerts.tsx'
import { useToastStore } from '../../stores/toast-store.ts'
import { makeMe, makeQuota, renderAtAlerts, serveAlertsApi } from './test-fixtures.tsx'
import { csvTemplate } from './csv-import-dialog.tsx'

/** The /alerts page's CSV import as an Unlimited advisor uses it, the API answering from the test. */

const CSV = 'trip,from,to,depart,target_price\none-way,JFK,LIS,2027-04-10,450\none-way,JFK,XXX,04/10/2027,450\n'

function serve(answers: AlertImportReport[]) {
  const sent: { csv: string; dryRun: boolean }[] = []
  const api = serveAlertsApi({
    me: makeMe('unlimited'),
    quota: makeQuota({ tier: 'unlimited', limit: null, isPremiumUser: true }),
    answer: ({ method, url, body }) => {
      if (method === 'POST' && url === '/api/alerts/import') {
        sent.push(body as { csv: string; dryRun: boolean })
        return Response.json(answers.shift())
      }
      return undefined
    },
  })
  return { api, sent }
}

async function openImport() {
  const user = userEvent.setup()
  renderAtAlerts(<AlertsPage />)
  await user.click(await screen.findByRole('button', { name: 'Import CSV' }))
  const dialog = await screen.findByRole('dialog', { name: 'Import alerts from CSV' })
  await user.upload(within(dialog).getByLabelText('CSV file'), new File([CSV], 'clients.csv', { type: 'text/csv' }))
  return { user, dialog }
}

beforeEach(() => {
  useToastStore.setState({ toasts: [] })
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('CSV import on /alerts', () => {
  it('shows the import and export only on Unlimited', async () => {
    serveAlertsApi({ me: makeMe('elite'), quota: makeQuota({ tier: 'elite', limit: 30 }) })
    renderAtAlerts(<AlertsPage />)
    expect(await screen.findByRole('link', { name: 'New alert' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument()
  })

  it('checks the file first and lists each problem with its line and column; nothing to import yet', async () => {
    const { sent } = serve([{ dryRun: true, rows: 2, created: 0, errors: [{ line: 3, column: 'to', message: 'Unknown airport' }, { line: 3, column: 'depart', message: 'Date must be in YYYY-MM-DD format' }] }])
    const { user, dialog } = await openImport()
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled()

    await user.click(within(dialog).getByRole('button', { name: 'Check file' }))
    expect(await within(dialog).findByText('1 line of 2 rows need fixing; nothing was imported.')).toBeInTheDocument()
    const rows = within(within(dialog).getByRole('table', { name: 'Problems in the file' })).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual(['LineColumnProblem', '3toUnknown airport', '3departDate must be in YYYY-MM-DD format'])
    expect(sent).toEqual([{ csv: CSV, dryRun: true }])
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled()
  })

  it('imports a clean file after the check, all at once, then closes and says how many', async () => {
    const { sent } = serve([
      { dryRun: true, rows: 2, created: 0, errors: [] },
      { dryRun: false, rows: 2, created: 2, errors: [] },
    ])
    const { user, dialog } = await openImport()
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }))
    expect(await within(dialog).findByText('clients.csv: 2 rows, no problems. Ready to import.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 alerts' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(sent.map((body) => body.dryRun)).toEqual([true, false])
    expect(useToastStore.getState().toasts.map((toast) => toast.title)).toContain('Alerts imported')
  })

  it('refuses a file over the size limit before sending it', async () => {
    const { sent } = serve([])
    const user = userEvent.setup()
    renderAtAlerts(<AlertsPage />)
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }))
    const dialog = await screen.findByRole('dialog', { name: 'Import alerts from CSV' })
    await user.upload(within(dialog).getByLabelText('CSV file'), new File(['x'.repeat(262_145)], 'big.csv', { type: 'text/csv' }))
    expect(await within(dialog).findByText(CSV_MESSAGES.tooLarge)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Check file' })).toBeDisabled()
    expect(sent).toEqual([])
  })

  it('offers a template whose header and example row the import reads', () => {
    const [header, example] = csvTemplate().trim().split('\n')
    expect(header).toBe(
      'name,trip,from,to,depart,return,adults,children,cabin,stops,target_price,currency,channels,frequency,client,rule,drop_percent,price_now,step,quiet_hours,digest,' +
        'window_from,window_to,trip_nights_min,trip_nights_max,weekends_only,window_outbound_times,window_return_times,carry_on_bags,checked_bags',
    )
    expect(example).toBe(
      'Ana Lima: Lisbon in April,round-trip,JFK,LIS,2027-04-10,2027-04-17,2,0,economy,nonstop,450,USD,email;whatsapp,12h,,drop,10,500,5%,22:00-07:00 America/New_York,,' +
        '2027-04-03,2027-04-17,5,9,no,,,1,0',
    )
    // Flexible dates and bags (decision 055) read as the API takes them.
    const cells = Object.fromEntries(header!.split(',').map((name, i) => [name, example!.split(',')[i] ?? '']))
    expect(alertFromCsvRow(cells, 2)).toMatchObject({
      alert: { date_window: { depart_from: '2027-04-03', depart_to: '2027-04-17', weekends_only: false, nights: { min: 5, max: 9 } }, bags: { carry_on: 1, checked: 0 } },
    })
  })

  it('exports the alerts as the file the server names, and says so when it can’t', async () => {
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    URL.createObjectURL = vi.fn(() => 'blob:csv')
    URL.revokeObjectURL = vi.fn()
    let fail = false
    serveAlertsApi({
      me: makeMe('unlimited'),
      quota: makeQuota({ tier: 'unlimited', limit: null, isPremiumUser: true }),
      answer: ({ url }) => {
        if (url !== '/api/alerts/export') return undefined
        if (fail) return Response.json({ error: { code: 'forbidden', message: CSV_MESSAGES.planOnly } }, { status: 403 })
        return new Response('name,trip\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="faredrop-alerts-2026-11-27.csv"' } })
      },
    })
    const user = userEvent.setup()
    renderAtAlerts(<AlertsPage />)
    await user.click(await screen.findByRole('button', { name: 'Export' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Alerts (CSV)' }))
    await waitFor(() => expect(saved).toEqual(['faredrop-alerts-2026-11-27.csv']))

    fail = true
    await user.click(screen.getByRole('button', { name: 'Export' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Alerts (CSV)' }))
    await waitFor(() => expect(useToastStore.getState().toasts.map((toast) => toast.title)).toContain('Export failed'))
  })
})
