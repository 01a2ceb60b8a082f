import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import { SEARCH_MESSAGES } from '#shared/flights/search-params.ts'
import { renderWithProviders } from '../../../../../tests/setup/render.tsx'
import { AirportCombobox } from './airport-combobox.tsx'
import { stubSearchApi } from './test-helpers.tsx'

let lastValue = ''

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial)
  return (
    <div>
      <AirportCombobox
        label="From"
        direction="from"
        value={value}
        onChange={(code) => {
          lastValue = code
          setValue(code)
        }}
      />
      <button type="button">Elsewhere</button>
    </div>
  )
}

function airportCalls(fetchMock: ReturnType<typeof stubSearchApi>) {
  return fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/airports'))
}

describe('AirportCombobox', () => {
  beforeEach(() => {
    lastValue = ''
  })

  it('is an APG editable combobox with list autocomplete', () => {
    stubSearchApi()
    renderWithProviders(<Harness />)
    const input = screen.getByRole('combobox', { name: 'From' })
    expect(input).toHaveAttribute('aria-autocomplete', 'list')
    expect(input).toHaveAttribute('aria-expanded', 'false')
    const listbox = document.getElementById(input.getAttribute('aria-controls')!)
    expect(listbox).toHaveAttribute('role', 'listbox')
    expect(input).not.toHaveAttribute('aria-activedescendant')
  })

  it('asks from 2 characters, once typing pauses, and lists a city with its airports indented', async () => {
    const fetchMock = stubSearchApi()
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    const input = screen.getByRole('combobox', { name: 'From' })

    await user.type(input, 'l')
    await new Promise((resolve) => setTimeout(resolve, 350))
    expect(airportCalls(fetchMock)).toEqual([])

    await user.type(input, 'on')
    const listbox = await screen.findByRole('listbox', { name: 'From suggestions' })
    expect(airportCalls(fetchMock)).toEqual(['/api/airports?q=lon'])
    expect(input).toHaveAttribute('aria-expanded', 'true')
    const options = within(listbox).getAllByRole('option')
    // City, its three airports (listed once, not again after it), then the other London.
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('London (all airports)'),
      expect.stringContaining('London Heathrow Airport'),
      expect.stringContaining('London Gatwick Airport'),
      expect.stringContaining('London City Airport'),
      expect.stringContaining('London International Airport'),
    ])
    expect(options[1]!.className).toContain('pl-9')
    expect(options[0]!.className).not.toContain('pl-9')
    expect(screen.getByRole('status')).toHaveTextContent('5 suggestions')
  })

  it('moves with ↓/↑ (aria-activedescendant) and picks with Enter; the field then shows the city', async () => {
    stubSearchApi()
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    const input = screen.getByRole('combobox', { name: 'From' })
    await user.type(input, 'lon')
    await screen.findByRole('listbox')

    await user.keyboard('{ArrowDown}')
    const options = screen.getAllByRole('option')
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id)
    expect(options[0]).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}')
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id)
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(input).toHaveAttribute('aria-activedescendant', options[4]!.id) // wraps to the last

    await user.keyboard('{ArrowDown}{Enter}')
    expect(lastValue).toBe('LHR,LGW,LCY')
    expect(input).toHaveValue('London · all airports')
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(input).not.toHaveAttribute('aria-activedescendant')
  })

  it('picks an airport by click and shows code and city', async () => {
    stubSearchApi()
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    const input = screen.getByRole('combobox', { name: 'From' })
    await user.type(input, 'lon')
    await user.click(await screen.findByRole('option', { name: /London Gatwick Airport/ }))
    expect(lastValue).toBe('LGW')
    expect(input).toHaveValue('LGW · London')
    expect(input).toHaveFocus()
  })

  it('closes with Escape and keeps the text; a second Escape restores the chosen value', async () => {
    stubSearchApi()
    const user = userEvent.setup()
    renderWithProviders(<Harness initial="JFK" />)
    const input = screen.getByRole('combobox', { name: 'From' })
    await waitFor(() => expect(input).toHaveValue('JFK · New York'))

    await user.clear(input)
    await user.type(input, 'lon')
    await screen.findByRole('listbox')
    await user.keyboard('{Escape}')
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(input).toHaveValue('lon')
    await user.keyboard('{Escape}')
    expect(input).toHaveValue('JFK · New York')
    expect(lastValue).toBe('')
  })

  it('accepts an exact 3-letter code when leaving the field', async () => {
    stubSearchApi()
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    const input = screen.getByRole('combobox', { name: 'From' })
    await user.type(input, 'cdg')
    await user.tab()
    expect(lastValue).toBe('CDG')
    await waitFor(() => expect(input).toHaveValue('CDG · Paris'))
    expect(input).not.toHaveAttribute('aria-invalid')
  })

  it('keeps unfinished text, clears the value and says what is missing', async () => {
    stubSearchApi()
    const user = userEvent.setup()
    renderWithProviders(<Harness initial="JFK" />)
    const input = screen.getByRole('combobox', { name: 'From' })
    await user.clear(input)
    await user.type(input, 'new yo')
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }))
    expect(lastValue).toBe('')
    expect(input).toHaveValue('new yo')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription(SEARCH_MESSAGES.airportCode)
  })

  it('says so when nothing matches', async () => {
    stubSearchApi()
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    await user.type(screen.getByRole('combobox', { name: 'From' }), 'zzz')
    expect(await screen.findByText(/No airports match “zzz”/, { selector: 'p' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'From' })).toHaveAttribute('aria-expanded', 'false')
  })
})
