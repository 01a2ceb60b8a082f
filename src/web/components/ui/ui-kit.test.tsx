import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ALERT_STATUSES, ALERT_STATUS_LABEL } from '#shared/alert-status.ts'
import { AlertStatusBadge } from '../alert-status-badge.tsx'
import { Button } from './button.tsx'
import { Checkbox } from './checkbox.tsx'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from './dialog.tsx'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from './dropdown-menu.tsx'
import { Input } from './input.tsx'
import { Label } from './label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select.tsx'
import { Switch } from './switch.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx'
import { Textarea } from './textarea.tsx'
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip.tsx'

describe('form controls', () => {
  it('labels inputs and textareas and exposes the error state', () => {
    render(
      <>
        <Label htmlFor="price">Target price</Label>
        <Input id="price" aria-invalid="true" aria-describedby="price-error" />
        <p id="price-error">Enter a price greater than $0.</p>
        <Label htmlFor="notes">Notes</Label>
        <Textarea id="notes" />
      </>,
    )
    const price = screen.getByRole('textbox', { name: 'Target price' })
    expect(price).toBeInvalid()
    expect(price).toHaveAccessibleDescription('Enter a price greater than $0.')
    expect(price).toHaveClass('aria-invalid:border-destructive')
    expect(screen.getByRole('textbox', { name: 'Notes' }).tagName).toBe('TEXTAREA')
  })

  it('toggles a switch with the mouse and the keyboard', async () => {
    const user = userEvent.setup()
    render(
      <>
        <Label htmlFor="digest">Weekly digest</Label>
        <Switch id="digest" />
      </>,
    )
    const toggle = screen.getByRole('switch', { name: 'Weekly digest' })
    expect(toggle).toHaveAttribute('aria-checked', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-checked', 'true')
    await user.keyboard(' ')
    expect(toggle).toHaveAttribute('aria-checked', 'false')
  })

  it('checks a checkbox by clicking its label', async () => {
    const user = userEvent.setup()
    render(
      <>
        <Checkbox id="email" />
        <Label htmlFor="email">Email</Label>
      </>,
    )
    const box = screen.getByRole('checkbox', { name: 'Email' })
    expect(box).not.toBeChecked()
    await user.click(screen.getByText('Email'))
    expect(box).toBeChecked()
  })

  it('opens a select from the keyboard and picks an option', async () => {
    const user = userEvent.setup()
    render(
      <Select defaultValue="economy">
        <SelectTrigger aria-label="Cabin class">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="economy">Economy</SelectItem>
          <SelectItem value="business">Business</SelectItem>
        </SelectContent>
      </Select>,
    )
    const trigger = screen.getByRole('combobox', { name: 'Cabin class' })
    expect(trigger).toHaveTextContent('Economy')
    trigger.focus()
    await user.keyboard('{Enter}')
    await user.click(await screen.findByRole('option', { name: 'Business' }))
    expect(trigger).toHaveTextContent('Business')
  })
})

describe('Button', () => {
  it('is disabled and busy while loading', async () => {
    render(<Button loading>Save alert</Button>)
    const button = screen.getByRole('button', { name: 'Save alert' })
    expect(button).toBeDisabled()
    expect(button).toHaveAttribute('aria-busy', 'true')
  })
})

describe('Tabs', () => {
  it('shows the panel of the chosen tab', async () => {
    const user = userEvent.setup()
    render(
      <Tabs defaultValue="overview">
        <TabsList aria-label="Alert details">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="history">Price history</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">Today’s fare</TabsContent>
        <TabsContent value="history">Fares over time</TabsContent>
      </Tabs>,
    )
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Today’s fare')
    await user.click(screen.getByRole('tab', { name: 'Price history' }))
    expect(screen.getByRole('tab', { name: 'Price history' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Fares over time')
    expect(screen.queryByText('Today’s fare')).not.toBeInTheDocument()
  })
})

describe('Dialog', () => {
  function EditDialog() {
    return (
      <Dialog>
        <DialogTrigger asChild>
          <Button>Edit alert</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Edit price alert</DialogTitle>
            <DialogDescription>Change your target price.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    )
  }

  it('opens on click and closes with Escape, returning focus to the trigger', async () => {
    const user = userEvent.setup()
    render(<EditDialog />)
    const trigger = screen.getByRole('button', { name: 'Edit alert' })
    await user.click(trigger)
    const dialog = screen.getByRole('dialog', { name: 'Edit price alert' })
    expect(dialog).toHaveAccessibleDescription('Change your target price.')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(trigger).toHaveFocus()
  })

  it('has a close button labelled "Close"', async () => {
    const user = userEvent.setup()
    render(<EditDialog />)
    await user.click(screen.getByRole('button', { name: 'Edit alert' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('DropdownMenu', () => {
  it('opens from the keyboard and lists its items', async () => {
    const user = userEvent.setup()
    render(
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button>Alert actions</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>New York → Lisbon</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem>Edit</DropdownMenuItem>
          <DropdownMenuItem variant="destructive">Delete</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>,
    )
    screen.getByRole('button', { name: 'Alert actions' }).focus()
    await user.keyboard('{Enter}')
    const menu = await screen.findByRole('menu')
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Delete'])
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  })
})

describe('Tooltip', () => {
  it('shows its hint when the trigger gets keyboard focus', async () => {
    const user = userEvent.setup()
    render(
      <Tooltip>
        <TooltipTrigger asChild>
          <Button aria-label="How often we check">i</Button>
        </TooltipTrigger>
        <TooltipContent>Checked every 12 hours.</TooltipContent>
      </Tooltip>,
    )
    await user.tab()
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Checked every 12 hours.')
  })
})

describe('AlertStatusBadge', () => {
  it('shows the spec label for every status', () => {
    render(
      <>
        {ALERT_STATUSES.map((status) => (
          <AlertStatusBadge key={status} status={status} />
        ))}
      </>,
    )
    for (const status of ALERT_STATUSES) expect(screen.getByText(ALERT_STATUS_LABEL[status])).toBeInTheDocument()
  })
})
