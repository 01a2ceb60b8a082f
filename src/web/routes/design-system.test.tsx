import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MemoryRouter } from 'react-router'
import { syncThemeWithDocument, useThemeStore } from '../stores/theme-store.ts'
import { useToastStore } from '../stores/toast-store.ts'
import DesignSystemPage from './design-system.tsx'

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/design-system']}>
      <DesignSystemPage />
    </MemoryRouter>,
  )
}

let stopThemeSync: () => void = () => {}

beforeEach(() => {
  act(() => useThemeStore.setState({ theme: 'light' }))
  stopThemeSync = syncThemeWithDocument()
})

afterEach(() => {
  stopThemeSync()
  document.documentElement.classList.remove('dark')
  act(() => useToastStore.setState({ toasts: [] }))
})

describe('DesignSystemPage', () => {
  it('sets the document title and has a heading for every section', () => {
    renderPage()
    expect(document.title).toBe('Design system · FareDrop')
    expect(screen.getByRole('heading', { level: 1, name: 'Design system' })).toBeInTheDocument()
    for (const name of ['Colours', 'Typography', 'Buttons', 'Inputs', 'Badges', 'Cards', 'Tabs', 'Dialog', 'Dropdown menu', 'Tooltip', 'Toasts', 'Skeletons']) {
      expect(screen.getByRole('heading', { level: 2, name })).toHaveAttribute('id')
    }
  })

  it('shows a badge for all seven alert statuses', () => {
    renderPage()
    const badges = within(screen.getByRole('region', { name: 'Badges' }))
    for (const label of ['Active', 'Paused', 'Price Alert!', 'At Risk', 'Archived', 'Disabled', 'Expired']) {
      expect(badges.getByText(label)).toBeInTheDocument()
    }
  })

  it('switches the whole document to the dark theme and back', async () => {
    const user = userEvent.setup()
    renderPage()
    expect(document.documentElement.classList.contains('dark')).toBe(false)
    await user.click(screen.getByRole('radio', { name: 'Dark' }))
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    expect(screen.getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true')
    expect(useThemeStore.getState().theme).toBe('dark')
    await user.click(screen.getByRole('radio', { name: 'Light' }))
    expect(document.documentElement.classList.contains('dark')).toBe(false)
  })

  it('opens the example dialog and closes it with Escape', async () => {
    const user = userEvent.setup()
    renderPage()
    await user.click(screen.getByRole('button', { name: 'Edit alert' }))
    expect(screen.getByRole('dialog', { name: 'Edit price alert' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('fires success, info and error toasts', async () => {
    const user = userEvent.setup()
    renderPage()
    await user.click(screen.getByRole('button', { name: 'Success toast' }))
    await user.click(screen.getByRole('button', { name: 'Info toast' }))
    await user.click(screen.getByRole('button', { name: 'Error toast' }))
    expect(useToastStore.getState().toasts.map((t) => t.variant)).toEqual(['success', 'info', 'error'])
  })

  it('labels every icon-only button', () => {
    renderPage()
    for (const button of screen.getAllByRole('button')) expect(button).toHaveAccessibleName()
  })
})
