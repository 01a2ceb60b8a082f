import { create } from 'zustand'

export type ToastVariant = 'default' | 'success' | 'info' | 'error'

export interface ToastMessage {
  id: number
  title: string
  description?: string
  variant: ToastVariant
  /** A button that does what the message offers ("Reload"); clicking it also closes the toast. */
  action?: { label: string; onClick: () => void }
  /** Stays until acted on or closed, instead of leaving after a few seconds. */
  persistent?: boolean
}

interface ToastState {
  toasts: ToastMessage[]
  /** Once true the toaster stays mounted, so later toasts animate in without a download. */
  everShown: boolean
  show: (toast: Omit<ToastMessage, 'id' | 'variant'> & { variant?: ToastVariant }) => void
  dismiss: (id: number) => void
}

let nextId = 1

/** Client-only notifications (the spec's info, success and error messages). */
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  everShown: false,
  show: (toast) =>
    set((s) => {
      const message: ToastMessage = { variant: 'default', ...toast, id: nextId++ }
      return { toasts: [...s.toasts, message].slice(-4), everShown: true }
    }),
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}))

export const toast = {
  show: (title: string, description?: string) => useToastStore.getState().show({ title, description }),
  success: (title: string, description?: string) => useToastStore.getState().show({ title, description, variant: 'success' }),
  info: (title: string, description?: string) => useToastStore.getState().show({ title, description, variant: 'info' }),
  error: (title: string, description?: string) => useToastStore.getState().show({ title, description, variant: 'error' }),
}
