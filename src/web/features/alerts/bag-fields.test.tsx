import { zodResolver } from '@hookform/resolvers/zod'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { alertBagsSchema, BAG_MESSAGES } from '#shared/flights/bag-fees.ts'
import { BagFields } from './bag-fields.tsx'

const schema = z.object({ bags: alertBagsSchema })

function Harness({ onSave, bags = { carry_on: 0, checked: 0 } }: { onSave: (values: unknown) => void; bags?: { carry_on: number; checked: number } }) {
  const form = useForm<z.input<typeof schema>, unknown, z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { bags } })
  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate>
      <BagFields control={form.control} name="bags" />
      <button type="submit">Save</button>
    </form>
  )
}

describe('the bag fields', () => {
  it('chooses a carry-on and up to two checked bags, and says prices include them', async () => {
    const onSave = vi.fn()
    const user = userEvent.setup()
    render(<Harness onSave={onSave} />)
    const group = screen.getByRole('group', { name: 'Bags' })
    expect(group).toHaveAccessibleDescription('Prices include these bags, for each traveller.')
    expect(screen.getByLabelText('Carry-on bags')).toHaveValue('0')
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['No carry-on bag', '1 carry-on bag', 'No checked bag', '1 checked bag', '2 checked bags'])

    await user.selectOptions(screen.getByLabelText('Carry-on bags'), '1 carry-on bag')
    await user.selectOptions(screen.getByLabelText('Checked bags'), '2 checked bags')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSave).toHaveBeenCalled())
    expect(onSave.mock.calls[0]![0]).toEqual({ bags: { carry_on: 1, checked: 2 } })
  })

  it('shows the schema’s message for a value out of range', async () => {
    const onSave = vi.fn()
    const user = userEvent.setup()
    render(<Harness onSave={onSave} bags={{ carry_on: 0, checked: 3 }} />)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(BAG_MESSAGES.checked)
    expect(screen.getByLabelText('Checked bags')).toHaveAttribute('aria-invalid', 'true')
    expect(onSave).not.toHaveBeenCalled()
  })
})
