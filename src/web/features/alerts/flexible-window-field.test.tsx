import { zodResolver } from '@hookform/resolvers/zod'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { DATE_WINDOW_MESSAGES, dateWindowSchemaFor, type DateWindowInput, type WindowProvider } from '#shared/alerts/date-window.ts'
import { FlexibleWindowField } from './flexible-window-field.tsx'

// Monday 1 March 2027.
const TODAY = '2027-03-01'
const schema = z.object({ date_window: dateWindowSchemaFor(TODAY).nullable() })

function Harness({ onSave, roundTrip = true, provider, frequency = '12h' }: { onSave: (values: unknown) => void; roundTrip?: boolean; provider?: WindowProvider; frequency?: string }) {
  const form = useForm<{ date_window: DateWindowInput | null }, unknown, z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { date_window: null } })
  return (
    // noValidate, as the alert forms: the schema's messages, not the browser's, for dates before `min`.
    <form onSubmit={form.handleSubmit(onSave)} noValidate>
      <FlexibleWindowField
        control={form.control}
        name="date_window"
        roundTrip={roundTrip}
        frequency={frequency}
        today={TODAY}
        initial={{ depart_from: '2027-03-01' }}
        {...(provider ? { provider } : {})}
      />
      <button type="submit">Save</button>
    </form>
  )
}

function setup(props: Partial<Parameters<typeof Harness>[0]> = {}) {
  const onSave = vi.fn()
  render(<Harness onSave={onSave} {...props} />)
  return { onSave, user: userEvent.setup(), group: () => screen.getByRole('group', { name: 'Flexible dates' }) }
}

describe('the flexible-dates field', () => {
  it('is off until chosen, then offers two weeks from the search’s date and 5 to 9 nights, with the cost', async () => {
    const { user, onSave, group } = setup()
    expect(screen.queryByLabelText('First departure')).not.toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Any dates in a window' }))

    expect(screen.getByLabelText('First departure')).toHaveValue('2027-03-01')
    expect(screen.getByLabelText('Last departure')).toHaveValue('2027-03-14')
    expect(screen.getByLabelText('Last departure')).toHaveAttribute('max', '2027-05-01')
    expect(screen.getByLabelText('Fewest nights')).toHaveValue('5')
    expect(screen.getByLabelText('Most nights')).toHaveValue('9')
    // 14 days × 5 trip lengths, every 12 hours: each pair once a week.
    expect(group()).toHaveTextContent('70 date pairs · 6 searches a check · about $3.60 a month in flight data')
    expect(group()).toHaveTextContent('Every date pair is searched at least once every 14 checks.')

    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSave).toHaveBeenCalled())
    expect(onSave.mock.calls[0]![0]).toEqual({ date_window: { depart_from: '2027-03-01', depart_to: '2027-03-14', weekends_only: false, nights: { min: 5, max: 9 } } })
  })

  it('limits the times of day each way, as the search page’s Times filter does, and saves them as the search takes them', async () => {
    const { user, onSave, group } = setup({ provider: 'simulator' })
    await user.click(screen.getByRole('checkbox', { name: 'Any dates in a window' }))
    expect(screen.queryByLabelText('Outbound: earliest departure')).not.toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Only at certain times of day' }))
    await user.selectOptions(screen.getByLabelText('Outbound: earliest departure'), '6')
    await user.selectOptions(screen.getByLabelText('Outbound: latest departure'), '11')
    await user.selectOptions(screen.getByLabelText('Return: earliest departure'), '17')
    // A fare calendar can't price a time limit: every pair is searched, spread across checks.
    expect(group()).toHaveTextContent('70 date pairs · 6 searches a check')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSave).toHaveBeenCalled())
    expect(onSave.mock.calls[0]![0]).toEqual({
      date_window: { depart_from: '2027-03-01', depart_to: '2027-03-14', weekends_only: false, nights: { min: 5, max: 9 }, outbound_times: '6,11', return_times: '17,23' },
    })

    // Turned off again: any time, nothing saved for them.
    await user.click(screen.getByRole('checkbox', { name: 'Only at certain times of day' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2))
    expect(JSON.parse(JSON.stringify(onSave.mock.calls[1]![0]))).toEqual({ date_window: { depart_from: '2027-03-01', depart_to: '2027-03-14', weekends_only: false, nights: { min: 5, max: 9 } } })
  })

  it('asks no return times of a one-way window', async () => {
    const { user } = setup({ roundTrip: false })
    await user.click(screen.getByRole('checkbox', { name: 'Any dates in a window' }))
    await user.click(screen.getByRole('checkbox', { name: 'Only at certain times of day' }))
    expect(screen.getByLabelText('Outbound: earliest departure')).toBeInTheDocument()
    expect(screen.queryByLabelText('Return: earliest departure')).not.toBeInTheDocument()
  })

  it('updates the cost as the window changes: weekends only, shorter trips', async () => {
    const { user, onSave, group } = setup()
    await user.click(screen.getByRole('checkbox', { name: 'Any dates in a window' }))
    await user.click(screen.getByRole('checkbox', { name: 'Weekends only' }))
    expect(group()).toHaveTextContent('Leave on a Friday or Saturday, come back on the Sunday or Monday after.')
    // Weekend trips are 1 to 3 nights: none fits 5 to 9.
    expect(group()).toHaveTextContent('Choose the dates to see what checking them costs.')
    await user.clear(screen.getByLabelText('Fewest nights'))
    await user.type(screen.getByLabelText('Fewest nights'), '1')
    await user.clear(screen.getByLabelText('Most nights'))
    await user.type(screen.getByLabelText('Most nights'), '3')
    expect(group()).toHaveTextContent('8 date pairs · 2 searches a check · about $1.20 a month in flight data')

    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSave).toHaveBeenCalled())
    expect(onSave.mock.calls[0]![0]).toMatchObject({ date_window: { weekends_only: true, nights: { min: 1, max: 3 } } })
  })

  it('shows the schema’s messages beside the fields, and saves nothing', async () => {
    const { user, onSave } = setup()
    await user.click(screen.getByRole('checkbox', { name: 'Any dates in a window' }))
    fireEvent.change(screen.getByLabelText('Last departure'), { target: { value: '2027-02-20' } })
    await user.clear(screen.getByLabelText('Most nights'))
    await user.type(screen.getByLabelText('Most nights'), '3')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText(DATE_WINDOW_MESSAGES.order)).toBeInTheDocument()
    expect(screen.getByLabelText('Last departure')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('alert')).toHaveTextContent(DATE_WINDOW_MESSAGES.nights)
    expect(screen.getByLabelText('Most nights')).toHaveAttribute('aria-invalid', 'true')
    expect(onSave).not.toHaveBeenCalled()
  })

  it('refuses a window starting before today', async () => {
    const { user, onSave } = setup()
    await user.click(screen.getByRole('checkbox', { name: 'Any dates in a window' }))
    fireEvent.change(screen.getByLabelText('First departure'), { target: { value: '2027-02-27' } })
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(DATE_WINDOW_MESSAGES.past)).toBeInTheDocument()
    expect(onSave).not.toHaveBeenCalled()
  })

  it('one way: no trip length, weekends mean leaving Friday or Saturday', async () => {
    const { user, onSave, group } = setup({ roundTrip: false })
    await user.click(screen.getByRole('checkbox', { name: 'Any dates in a window' }))
    expect(within(group()).queryByLabelText('Fewest nights')).not.toBeInTheDocument()
    expect(group()).toHaveTextContent('14 date pairs · 2 searches a check · about $1.20 a month in flight data')
    await user.click(screen.getByRole('checkbox', { name: 'Weekends only' }))
    expect(group()).toHaveTextContent('Leave on a Friday or Saturday.')
    expect(group()).toHaveTextContent('4 date pairs · 2 searches a check')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSave).toHaveBeenCalled())
    expect(onSave.mock.calls[0]![0]).toMatchObject({ date_window: { nights: null, weekends_only: true } })
  })

  it('on the simulated market: one calendar query and one search, at no cost', async () => {
    const { user, group } = setup({ provider: 'simulator' })
    await user.click(screen.getByRole('checkbox', { name: 'Any dates in a window' }))
    expect(group()).toHaveTextContent('70 date pairs · 1 calendar query and 1 search a check · no flight-data cost on the simulated market')
    expect(group()).not.toHaveTextContent('Every date pair is searched')
  })

  it('turned off again, the alert keeps its one date pair', async () => {
    const { user, onSave } = setup()
    const toggle = screen.getByRole('checkbox', { name: 'Any dates in a window' })
    await user.click(toggle)
    await user.click(toggle)
    expect(screen.queryByLabelText('First departure')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSave).toHaveBeenCalled())
    expect(onSave.mock.calls[0]![0]).toEqual({ date_window: null })
  })
})

describe('the flexible-dates field in the edit dialog', () => {
  function EditHarness({ stored, error }: { stored: DateWindowInput | null; error?: string }) {
    const form = useForm<{ date_window: DateWindowInput | null }>({ defaultValues: { date_window: stored } })
    return (
      <form>
        <FlexibleWindowField control={form.control} name="date_window" roundTrip frequency="12h" today={TODAY} offNote="Without a window, the alert goes back to its own dates: Mar 5 → Mar 12 (7 nights)." />
        <button type="button" onClick={() => form.setError('date_window', { type: 'server', message: error ?? '' })}>
          Refuse
        </button>
      </form>
    )
  }

  it('starts open on the stored window, says where turning it off leads, and shows a message for the whole window', async () => {
    const user = userEvent.setup()
    render(<EditHarness stored={{ depart_from: '2027-03-05', depart_to: '2027-03-20', weekends_only: false, nights: { min: 5, max: 9 } }} error={DATE_WINDOW_MESSAGES.nightsRequired} />)
    expect(screen.getByLabelText('First departure')).toHaveValue('2027-03-05')
    expect(screen.queryByText(/goes back to its own dates/)).not.toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Any dates in a window' }))
    expect(screen.getByText('Without a window, the alert goes back to its own dates: Mar 5 → Mar 12 (7 nights).')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Refuse' }))
    expect(within(screen.getByRole('group', { name: 'Flexible dates' })).getByRole('alert')).toHaveTextContent(DATE_WINDOW_MESSAGES.nightsRequired)
  })
})
