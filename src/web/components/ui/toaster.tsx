import { cva } from 'class-variance-authority'
import { CheckCircle2, Info, X, XCircle } from 'lucide-react'
import { Toast as ToastPrimitive } from 'radix-ui'
import { useToastStore, type ToastVariant } from '../../stores/toast-store.ts'
import { cn } from '../../lib/cn.ts'
import { Button } from './button.tsx'

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] transition-all',
  {
    variants: {
      variant: {
        default: 'bg-popover text-popover-foreground',
        info: 'bg-popover text-popover-foreground',
        success: 'bg-popover text-popover-foreground',
        error: 'border-destructive/60 bg-popover text-popover-foreground',
      },
    },
  },
)

const ICONS: Record<ToastVariant, React.ReactNode> = {
  default: null,
  info: <Info className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />,
  success: <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />,
  error: <XCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />,
}

/** Renders the toast store; mounted once at the app root. */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts)
  const dismiss = useToastStore((s) => s.dismiss)
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={5000}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          type={t.variant === 'error' ? 'foreground' : 'background'}
          duration={t.persistent ? Infinity : undefined}
          className={cn(toastVariants({ variant: t.variant }))}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id)
          }}
        >
          {ICONS[t.variant]}
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && (
              <ToastPrimitive.Description className="text-sm text-muted-foreground">{t.description}</ToastPrimitive.Description>
            )}
            {t.action && (
              <ToastPrimitive.Action altText={t.action.label} asChild>
                <Button size="sm" className="mt-1 justify-self-start" onClick={t.action.onClick}>
                  {t.action.label}
                </Button>
              </ToastPrimitive.Action>
            )}
          </div>
          <ToastPrimitive.Close
            className="absolute right-2 top-2 rounded-md p-1 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            aria-label="Dismiss notification"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm" />
    </ToastPrimitive.Provider>
  )
}
