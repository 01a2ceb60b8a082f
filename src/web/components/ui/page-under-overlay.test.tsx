import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Button } from './button.tsx'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from './dialog.tsx'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './dropdown-menu.tsx'
import { shieldPageFromScrollLock } from './page-under-overlay.tsx'

/**
 * While a dialog is open the page behind it is blocked by the dialog's overlay, not restyled
 * through <body>: the app's root keeps `pointer-events: auto` (the overlay covers it) and gets
 * it back from <body> once the last dialog closes. Menus, which have no overlay, still block the
 * page through <body> as Radix does.
 */

function Page() {
  return (
    <>
      <Dialog>
        <DialogTrigger asChild>
          <Button>Edit alert</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Edit alert</DialogTitle>
          <DialogDescription>Change the target price.</DialogDescription>
          <Dialog>
            <DialogTrigger asChild>
              <Button>Delete alert</Button>
            </DialogTrigger>
            <DialogContent>
              <DialogTitle>Delete this alert?</DialogTitle>
              <DialogDescription>It stops at once.</DialogDescription>
              <DialogClose asChild>
                <Button>Keep it</Button>
              </DialogClose>
            </DialogContent>
          </Dialog>
        </DialogContent>
      </Dialog>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button>Account</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem>Sign out</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  )
}

describe('the page under a dialog', () => {
  let root: HTMLElement
  beforeEach(() => {
    root = document.createElement('div')
    root.id = 'root'
    document.body.append(root)
  })
  afterEach(() => root.remove())

  const renderPage = () => render(<Page />, { container: root })
  const blockedByBody = () => document.body.style.pointerEvents === 'none'

  it('keeps the root clickable under the overlay while dialogs are open, and gives it back to <body> after the last', async () => {
    const user = userEvent.setup()
    renderPage()
    expect(root.style.pointerEvents).toBe('')

    await user.click(screen.getByRole('button', { name: 'Edit alert' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit alert' })
    await waitFor(() => expect(blockedByBody()).toBe(true))
    expect(root.style.pointerEvents).toBe('auto')
    // The content, beside the root in <body>, declares both from its first frame.
    expect(dialog).toHaveClass('pointer-events-auto')
    expect(dialog.style.getPropertyValue('--removed-body-scroll-bar-size')).toBe('initial')

    // A dialog over a dialog: closing the inner one leaves the outer one's setting.
    await user.click(screen.getByRole('button', { name: 'Delete alert' }))
    await user.click(await screen.findByRole('button', { name: 'Keep it' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this alert?' })).toBeNull())
    expect(root.style.pointerEvents).toBe('auto')

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(blockedByBody()).toBe(false))
    expect(root.style.pointerEvents).toBe('')
  })

  it('leaves a menu to block the page through <body>', async () => {
    const user = userEvent.setup()
    renderPage()
    await user.click(screen.getByRole('button', { name: 'Account' }))
    await screen.findByRole('menuitem', { name: 'Sign out' })
    await waitFor(() => expect(blockedByBody()).toBe(true))
    expect(getComputedStyle(root).pointerEvents).toBe('none')
    await user.keyboard('{Escape}')
  })

  it('declares the scroll lock’s property unset on the root, so locking the scroll changes nothing below it', () => {
    shieldPageFromScrollLock()
    expect(root.style.getPropertyValue('--removed-body-scroll-bar-size')).toBe('initial')
  })
})
