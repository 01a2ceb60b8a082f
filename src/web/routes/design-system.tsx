import {
  AlertCircle,
  Bell,
  Check,
  Copy,
  Info,
  Monitor,
  Moon,
  MoreHorizontal,
  Pause,
  Pencil,
  Plus,
  Settings,
  Sun,
  Trash2,
  TrendingDown,
} from 'lucide-react'
import { ToggleGroup } from 'radix-ui'
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react'
import { Link } from 'react-router'
import { ALERT_STATUSES } from '#shared/alert-status.ts'
import { formatPrice } from '#shared/format.ts'
import { PATHS } from '#shared/routes.ts'
import { PRODUCT_NAME } from '#shared/site.ts'
import { AlertStatusBadge } from '../components/alert-status-badge.tsx'
import { Badge, type BadgeProps } from '../components/ui/badge.tsx'
import { Button, type ButtonProps } from '../components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../components/ui/card.tsx'
import { Checkbox } from '../components/ui/checkbox.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../components/ui/dialog.tsx'
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu.tsx'
import { Input } from '../components/ui/input.tsx'
import { Label } from '../components/ui/label.tsx'
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from '../components/ui/select.tsx'
import { Separator } from '../components/ui/separator.tsx'
import { Skeleton } from '../components/ui/skeleton.tsx'
import { Switch } from '../components/ui/switch.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx'
import { Textarea } from '../components/ui/textarea.tsx'
import { Tooltip, TooltipContent, TooltipTrigger } from '../components/ui/tooltip.tsx'
import { cn } from '../lib/cn.ts'
import { resolveTheme, useThemeStore, type Theme } from '../stores/theme-store.ts'
import { toast } from '../stores/toast-store.ts'

const SECTIONS = [
  { id: 'colours', title: 'Colours' },
  { id: 'typography', title: 'Typography' },
  { id: 'buttons', title: 'Buttons' },
  { id: 'inputs', title: 'Inputs' },
  { id: 'badges', title: 'Badges' },
  { id: 'cards', title: 'Cards' },
  { id: 'tabs', title: 'Tabs' },
  { id: 'dialog', title: 'Dialog' },
  { id: 'dropdown-menu', title: 'Dropdown menu' },
  { id: 'tooltip', title: 'Tooltip' },
  { id: 'toasts', title: 'Toasts' },
  { id: 'skeletons', title: 'Skeletons' },
] as const
type SectionId = (typeof SECTIONS)[number]['id']

/** Class names are spelled out in full so Tailwind can find them. */
const COLOUR_PAIRS = [
  { token: 'background', swatch: 'bg-background text-foreground', use: 'Page background and body text' },
  { token: 'card', swatch: 'bg-card text-card-foreground', use: 'Cards and panels' },
  { token: 'popover', swatch: 'bg-popover text-popover-foreground', use: 'Menus, dialogs, popovers' },
  { token: 'primary', swatch: 'bg-primary text-primary-foreground', use: 'Brand and main actions' },
  { token: 'secondary', swatch: 'bg-secondary text-secondary-foreground', use: 'Secondary actions' },
  { token: 'muted', swatch: 'bg-muted text-muted-foreground', use: 'Subtle fills and supporting text' },
  { token: 'accent', swatch: 'bg-accent text-accent-foreground', use: 'Hover and highlighted items' },
  { token: 'destructive', swatch: 'bg-destructive text-destructive-foreground', use: 'Errors and deleting' },
  { token: 'success', swatch: 'bg-success text-success-foreground', use: 'Good news, active alerts' },
  { token: 'warning', swatch: 'bg-warning text-warning-foreground', use: 'Needs attention' },
]
const COLOUR_SINGLES = [
  { token: 'border', swatch: 'bg-border', use: 'Dividers and outlines' },
  { token: 'input', swatch: 'bg-input', use: 'Form control borders' },
  { token: 'ring', swatch: 'bg-ring', use: 'Focus rings' },
]

const TYPE_SCALE = [
  { name: 'Display', classes: 'text-4xl font-bold tracking-tight sm:text-5xl', sample: 'Fly for less.' },
  { name: 'Heading 1', classes: 'text-3xl font-bold tracking-tight sm:text-4xl', sample: 'Your price alerts' },
  { name: 'Heading 2', classes: 'text-2xl font-semibold tracking-tight', sample: 'Upcoming trips' },
  { name: 'Heading 3', classes: 'text-lg font-semibold tracking-tight', sample: 'New York → Lisbon' },
  { name: 'Lead', classes: 'text-lg leading-8 text-muted-foreground', sample: 'Tell us where you want to go and what you’d like to pay.' },
  { name: 'Body', classes: 'text-base leading-7', sample: 'We keep checking the fare and tell you the moment it reaches your target price.' },
  { name: 'Small', classes: 'text-sm font-medium', sample: 'Round trip · 1 adult · Economy' },
  { name: 'Muted', classes: 'text-sm text-muted-foreground', sample: 'Last checked 12 minutes ago' },
  { name: 'Overline', classes: 'text-xs font-semibold tracking-wider text-muted-foreground uppercase', sample: 'Price insight' },
  { name: 'Price', classes: 'text-3xl font-semibold tracking-tight tabular-nums', sample: formatPrice(412) },
]

const BUTTON_VARIANTS = ['default', 'destructive', 'outline', 'secondary', 'ghost', 'link'] as const
const BUTTON_SIZES = [
  { size: 'sm', label: 'Small' },
  { size: 'default', label: 'Default' },
  { size: 'lg', label: 'Large' },
] as const satisfies readonly { size: ButtonProps['size']; label: string }[]
const BADGE_VARIANTS = ['default', 'secondary', 'outline', 'success', 'warning', 'destructive', 'muted'] as const satisfies readonly NonNullable<
  BadgeProps['variant']
>[]

const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1)

export default function DesignSystemPage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <title>{`Design system · ${PRODUCT_NAME}`}</title>
      <PageHeader />
      <nav aria-label="Sections" className="mt-8">
        <ul className="flex flex-wrap gap-2">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-flex h-8 items-center rounded-full border bg-card px-3 text-sm text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-12 space-y-16">
        <ColoursSection />
        <TypographySection />
        <ButtonsSection />
        <InputsSection />
        <BadgesSection />
        <CardsSection />
        <TabsSection />
        <div className="grid gap-16 lg:grid-cols-2 lg:gap-x-8">
          <DialogSection />
          <DropdownMenuSection />
          <TooltipSection />
          <ToastsSection />
        </div>
        <SkeletonsSection />
      </div>
    </div>
  )
}

/* ---------------------------------------------------------------- layout helpers */

function Section({ id, description, children }: { id: SectionId; description: ReactNode; children: ReactNode }) {
  const title = SECTIONS.find((section) => section.id === id)?.title
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      <p className="mt-1.5 max-w-prose text-sm leading-6 text-muted-foreground">{description}</p>
      <div className="mt-5 space-y-4">{children}</div>
    </section>
  )
}

function Panel({ title, className, children }: { title?: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('min-w-0 rounded-xl border bg-card p-4 text-card-foreground shadow-xs sm:p-6', className)}>
      {title && <DemoLabel className="mb-4">{title}</DemoLabel>}
      {children}
    </div>
  )
}

function DemoLabel({ className, children }: { className?: string; children: ReactNode }) {
  return <p className={cn('text-xs font-semibold tracking-wider text-muted-foreground uppercase', className)}>{children}</p>
}

function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-words text-foreground">{children}</code>
}

/* ---------------------------------------------------------------- header + theme control */

const THEME_OPTIONS = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
] as const satisfies readonly { value: Theme; label: string; icon: unknown }[]

const DARK_QUERY = '(prefers-color-scheme: dark)'

function usePrefersDark() {
  return useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia(DARK_QUERY)
      media.addEventListener('change', onChange)
      return () => media.removeEventListener('change', onChange)
    },
    () => window.matchMedia(DARK_QUERY).matches,
    () => false,
  )
}

function PageHeader() {
  const theme = useThemeStore((state) => state.theme)
  const setTheme = useThemeStore((state) => state.setTheme)
  const shown = resolveTheme(theme, usePrefersDark())
  return (
    <header className="flex flex-col gap-6 border-b pb-8 md:flex-row md:items-end md:justify-between">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold text-primary">{PRODUCT_NAME} UI kit</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Design system</h1>
        <p className="mt-3 text-lg leading-8 text-muted-foreground">
          The colours, type and components {PRODUCT_NAME} is built from. Everything here is the real component, so
          check your work in both themes before it ships.
        </p>
      </div>
      <div className="flex shrink-0 flex-col gap-2">
        <span id="theme-control-label" className="text-sm font-medium">
          Theme
        </span>
        <ToggleGroup.Root
          type="single"
          value={theme}
          onValueChange={(value) => {
            if (value) setTheme(value as Theme)
          }}
          aria-labelledby="theme-control-label"
          className="inline-flex w-fit gap-1 rounded-lg border bg-muted p-1"
        >
          {THEME_OPTIONS.map(({ value, label, icon: Icon }) => (
            <ToggleGroup.Item
              key={value}
              value={value}
              className={cn(
                'inline-flex h-8 items-center gap-1.5 rounded-md border border-transparent px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground',
                'data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm',
                'dark:data-[state=on]:border-input dark:data-[state=on]:bg-input/60',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
        <p className="text-xs text-muted-foreground">Showing the {shown} theme</p>
      </div>
    </header>
  )
}

/* ---------------------------------------------------------------- sections */

const SWATCH_GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5'

function ColoursSection() {
  return (
    <Section id="colours" description="Semantic tokens from index.css. Use the token, never a raw colour, so both themes stay in step. Each pair meets WCAG AA for text.">
      <DemoLabel>Surfaces and their text</DemoLabel>
      <ul className={SWATCH_GRID}>
        {COLOUR_PAIRS.map(({ token, swatch, use }) => (
          <li key={token} className="min-w-0 overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs">
            <div className={cn('flex h-20 items-end border-b p-3', swatch)}>
              <span aria-hidden="true" className="text-2xl leading-none font-semibold">
                Aa
              </span>
            </div>
            <div className="space-y-0.5 p-3">
              <p className="font-mono text-xs font-semibold break-words">--{token}</p>
              <p className="font-mono text-xs break-words text-muted-foreground">--{token === 'background' ? 'foreground' : `${token}-foreground`}</p>
              <p className="pt-1 text-xs text-muted-foreground">{use}</p>
            </div>
          </li>
        ))}
      </ul>
      <DemoLabel className="pt-4">Lines and focus</DemoLabel>
      <ul className={SWATCH_GRID}>
        {COLOUR_SINGLES.map(({ token, swatch, use }) => (
          <li key={token} className="min-w-0 overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs">
            <div className={cn('h-20 border-b', swatch)} />
            <div className="space-y-0.5 p-3">
              <p className="font-mono text-xs font-semibold break-words">--{token}</p>
              <p className="pt-1 text-xs text-muted-foreground">{use}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  )
}

function TypographySection() {
  return (
    <Section id="typography" description="Inter Variable throughout. Use tracking-tight on headings and tabular-nums wherever prices line up.">
      <Panel>
        <dl className="divide-y">
          {TYPE_SCALE.map(({ name, classes, sample }) => (
            <div key={name} className="grid gap-2 py-4 first:pt-0 last:pb-0 sm:grid-cols-[13rem_1fr] sm:items-center sm:gap-8">
              <dt className="space-y-1">
                <span className="block text-sm font-medium">{name}</span>
                <span className="block font-mono text-xs leading-5 text-muted-foreground">{classes}</span>
              </dt>
              <dd className={cn('min-w-0 break-words', classes)}>{sample}</dd>
            </div>
          ))}
        </dl>
        <Separator className="my-6" />
        <p className="leading-7">
          Inline elements: <strong className="font-semibold">strong text</strong>, <em>emphasis</em>,{' '}
          <a href="#typography" className="font-medium text-primary underline-offset-4 hover:underline">
            a text link
          </a>
          , <Code>inline code</Code> and a key: <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs shadow-xs">Esc</kbd>.
        </p>
      </Panel>
    </Section>
  )
}

function ButtonsSection() {
  const [saving, setSaving] = useState(false)
  useEffect(() => {
    if (!saving) return
    const timer = setTimeout(() => setSaving(false), 2000)
    return () => clearTimeout(timer)
  }, [saving])

  return (
    <Section id="buttons" description="One primary action per view. Icon-only buttons always carry an aria-label; use asChild to give a link the look of a button.">
      <Panel title="Variants × sizes">
        <div className="divide-y">
          {BUTTON_VARIANTS.map((variant) => (
            <div key={variant} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
              <span className="w-28 shrink-0 font-mono text-xs text-muted-foreground">{variant}</span>
              <div className="flex flex-wrap items-center gap-3">
                {BUTTON_SIZES.map(({ size, label }) => (
                  <Button key={size} variant={variant} size={size}>
                    {label}
                  </Button>
                ))}
                <Button variant={variant} size="icon" aria-label={`Add alert (${variant})`}>
                  <Plus />
                </Button>
              </div>
            </div>
          ))}
        </div>
      </Panel>
      <Panel title="States and composition">
        <div className="flex flex-wrap items-center gap-3">
          <Button disabled>Disabled</Button>
          <Button variant="outline" disabled>
            Disabled outline
          </Button>
          <Button loading>Saving…</Button>
          <Button variant="secondary" loading={saving} onClick={() => setSaving(true)}>
            {saving ? 'Saving…' : 'Click to save'}
          </Button>
          <Button>
            <Bell />
            Create alert
          </Button>
          <Button variant="outline" size="icon" aria-label="Alert settings">
            <Settings />
          </Button>
          <Button asChild variant="outline">
            <Link to={PATHS.search}>Search flights (link)</Link>
          </Button>
        </div>
      </Panel>
    </Section>
  )
}

function InputsSection() {
  const [digest, setDigest] = useState(true)
  return (
    <Section id="inputs" description="Every control has a visible label. Errors set aria-invalid and are linked with aria-describedby, so they are read out with the field.">
      <Panel>
        <div className="grid gap-6 md:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor="ds-email">Email</Label>
            <Input id="ds-email" type="email" placeholder="you@example.com" autoComplete="email" aria-describedby="ds-email-hint" />
            <p id="ds-email-hint" className="text-sm text-muted-foreground">
              We only use it to send price alerts.
            </p>
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor="ds-price">Target price (USD)</Label>
            <Input id="ds-price" inputMode="decimal" defaultValue="-20" aria-invalid="true" aria-describedby="ds-price-error" />
            <p id="ds-price-error" className="flex items-center gap-1.5 text-sm font-medium text-destructive">
              <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
              Enter a price greater than $0.
            </p>
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor="ds-cabin">Cabin class</Label>
            <Select defaultValue="economy">
              <SelectTrigger id="ds-cabin">
                <SelectValue placeholder="Choose a cabin" />
              </SelectTrigger>
              <SelectContent>
                <SelectGroup>
                  <SelectLabel>Standard</SelectLabel>
                  <SelectItem value="economy">Economy</SelectItem>
                  <SelectItem value="premium-economy">Premium economy</SelectItem>
                </SelectGroup>
                <SelectSeparator />
                <SelectGroup>
                  <SelectLabel>Premium cabins</SelectLabel>
                  <SelectItem value="business">Business</SelectItem>
                  <SelectItem value="first" disabled>
                    First (Elite plan)
                  </SelectItem>
                </SelectGroup>
              </SelectContent>
            </Select>
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor="ds-from">Departure airport</Label>
            <Input id="ds-from" defaultValue="JFK · New York" disabled />
          </div>
          <div className="grid content-start gap-2 md:col-span-2">
            <Label htmlFor="ds-notes">Notes</Label>
            <Textarea id="ds-notes" placeholder="Anything we should know about this trip?" />
          </div>
          <fieldset className="grid content-start gap-3">
            <legend className="mb-3 text-sm font-medium">Notify me by</legend>
            <div className="flex items-center gap-2.5">
              <Checkbox id="ds-channel-email" defaultChecked />
              <Label htmlFor="ds-channel-email" className="font-normal">
                Email
              </Label>
            </div>
            <div className="flex items-center gap-2.5">
              <Checkbox id="ds-channel-whatsapp" />
              <Label htmlFor="ds-channel-whatsapp" className="font-normal">
                WhatsApp
              </Label>
            </div>
            <div className="flex items-center gap-2.5">
              <Checkbox id="ds-channel-sms" disabled />
              <Label htmlFor="ds-channel-sms" className="font-normal">
                SMS (Elite plan)
              </Label>
            </div>
          </fieldset>
          <div className="divide-y self-start rounded-lg border">
            <div className="flex items-start justify-between gap-4 p-4">
              <div className="grid gap-1.5">
                <Label htmlFor="ds-digest">Weekly price digest</Label>
                <p id="ds-digest-hint" className="text-sm text-muted-foreground">
                  {digest ? 'On: a summary every Monday.' : 'Off: instant alerts only.'}
                </p>
              </div>
              <Switch id="ds-digest" checked={digest} onCheckedChange={setDigest} aria-describedby="ds-digest-hint" />
            </div>
            <div className="flex items-start justify-between gap-4 p-4">
              <div className="grid gap-1.5">
                <Label htmlFor="ds-pause">Pause all alerts</Label>
                <p id="ds-pause-hint" className="text-sm text-muted-foreground">
                  Stops checks until you turn it off.
                </p>
              </div>
              <Switch id="ds-pause" aria-describedby="ds-pause-hint" />
            </div>
          </div>
        </div>
      </Panel>
    </Section>
  )
}

function BadgesSection() {
  return (
    <Section id="badges" description="Badges label state; they are not buttons. Alert statuses always use AlertStatusBadge so the label and colour match the spec.">
      <Panel title="Variants">
          <div className="flex flex-wrap gap-2">
            {BADGE_VARIANTS.map((variant) => (
              <Badge key={variant} variant={variant}>
                {capitalize(variant)}
              </Badge>
            ))}
          </div>
        </Panel>
        <Panel title="Alert statuses">
          <ul className="grid grid-cols-2 gap-x-4 gap-y-4 sm:grid-cols-4 lg:grid-cols-7">
            {ALERT_STATUSES.map((status) => (
              <li key={status} className="flex min-w-0 flex-col items-start gap-1.5">
                <AlertStatusBadge status={status} />
                <code className="font-mono text-xs break-all text-muted-foreground">{status}</code>
              </li>
            ))}
          </ul>
        </Panel>
    </Section>
  )
}

function CardsSection() {
  return (
    <Section id="cards" description="Cards group one object or decision. Keep one primary action in the footer.">
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <Card className="flex flex-col">
          <CardHeader>
            <div className="flex items-start justify-between gap-3">
              <div className="grid gap-1.5">
                <CardTitle>New York → Lisbon</CardTitle>
                <CardDescription>Round trip · Jun 12–26 · Economy</CardDescription>
              </div>
              <AlertStatusBadge status="triggered" className="shrink-0" />
            </div>
          </CardHeader>
          <CardContent>
            <p className="text-3xl font-semibold tracking-tight tabular-nums">{formatPrice(412)}</p>
            <p className="mt-1 flex items-center gap-1.5 text-sm font-medium text-success">
              <TrendingDown className="size-4" aria-hidden="true" />
              {formatPrice(86)} below your {formatPrice(498)} target
            </p>
          </CardContent>
          <CardFooter className="mt-auto flex-wrap gap-2">
            <Button>View flights</Button>
            <Button variant="ghost">Manage</Button>
          </CardFooter>
        </Card>
        <Card className="flex flex-col">
          <CardHeader>
            <CardTitle>Premium</CardTitle>
            <CardDescription>For travellers who watch a few routes.</CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-3xl font-semibold tracking-tight tabular-nums">
              {formatPrice(3.99)}
              <span className="text-base font-normal text-muted-foreground"> / month</span>
            </p>
            <ul className="mt-4 space-y-2 text-sm">
              {['Up to 15 alerts', 'Checked every 12 hours', 'Email and WhatsApp'].map((feature) => (
                <li key={feature} className="flex items-center gap-2">
                  <Check className="size-4 shrink-0 text-success" aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
          </CardContent>
          <CardFooter className="mt-auto">
            <Button className="w-full">Upgrade to Premium</Button>
          </CardFooter>
        </Card>
        <Card className="flex flex-col md:col-span-2 lg:col-span-1">
          <CardHeader>
            <CardTitle>Basic card</CardTitle>
            <CardDescription>Header, content and footer slots.</CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-sm leading-6">
              Cards sit on the card surface with a hairline border and a soft shadow. In dark mode the surface is a step
              lighter than the page.
            </p>
          </CardContent>
          <CardFooter className="mt-auto">
            <Button variant="outline" size="sm">
              Secondary action
            </Button>
          </CardFooter>
        </Card>
      </div>
    </Section>
  )
}

function TabsSection() {
  return (
    <Section id="tabs" description="Switch between views of the same object. Arrow keys move between tabs.">
      <Panel>
        <Tabs defaultValue="overview">
          <TabsList aria-label="Alert details">
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="history">Price history</TabsTrigger>
            <TabsTrigger value="settings">Settings</TabsTrigger>
          </TabsList>
          <TabsContent value="overview" className="text-sm leading-6">
            New York → Lisbon is {formatPrice(412)} today, {formatPrice(86)} below your target.
          </TabsContent>
          <TabsContent value="history" className="text-sm leading-6">
            <ul className="space-y-1 tabular-nums">
              <li>Jun 1 · {formatPrice(498)}</li>
              <li>Jun 2 · {formatPrice(455)}</li>
              <li>Jun 3 · {formatPrice(412)}</li>
            </ul>
          </TabsContent>
          <TabsContent value="settings" className="text-sm leading-6">
            Checked every 12 hours. Notifications by email.
          </TabsContent>
        </Tabs>
      </Panel>
    </Section>
  )
}

function DialogSection() {
  const [open, setOpen] = useState(false)
  return (
    <Section id="dialog" description="For focused tasks that need an answer. Focus moves into the dialog and returns to the trigger; Escape closes it.">
      <Panel className="flex flex-wrap gap-3">
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="outline">
              <Pencil />
              Edit alert
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Edit price alert</DialogTitle>
              <DialogDescription>Change the price you’d like to pay for New York → Lisbon.</DialogDescription>
            </DialogHeader>
            <form
              id="ds-edit-alert"
              className="grid gap-2"
              onSubmit={(event) => {
                event.preventDefault()
                setOpen(false)
                toast.success('Alert updated', 'We’ll tell you when the fare drops below your new target.')
              }}
            >
              <Label htmlFor="ds-dialog-price">Target price (USD)</Label>
              <Input id="ds-dialog-price" inputMode="decimal" defaultValue="450" />
            </form>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" form="ds-edit-alert">
                Save changes
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="destructive">
              <Trash2 />
              Delete alert
            </Button>
          </DialogTrigger>
          <DialogContent className="sm:max-w-md">
            <DialogHeader>
              <DialogTitle>Delete this alert?</DialogTitle>
              <DialogDescription>
                We’ll stop watching New York → Lisbon and delete its price history. This can’t be undone.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Keep alert</Button>
              </DialogClose>
              <DialogClose asChild>
                <Button variant="destructive" onClick={() => toast.error('Alert deleted')}>
                  Delete alert
                </Button>
              </DialogClose>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </Panel>
    </Section>
  )
}

function DropdownMenuSection() {
  const [emailOn, setEmailOn] = useState(true)
  return (
    <Section id="dropdown-menu" description="A short list of actions on one object. Destructive actions go last, after a separator.">
      <Panel>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline">
              <MoreHorizontal />
              Alert actions
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" className="w-56">
            <DropdownMenuLabel>New York → Lisbon</DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuGroup>
              <DropdownMenuItem onSelect={() => toast.info('Edit alert')}>
                <Pencil />
                Edit
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => toast.info('Alert paused')}>
                <Pause />
                Pause
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => toast.info('Alert duplicated')}>
                <Copy />
                Duplicate
              </DropdownMenuItem>
            </DropdownMenuGroup>
            <DropdownMenuSeparator />
            <DropdownMenuCheckboxItem checked={emailOn} onCheckedChange={setEmailOn}>
              Email notifications
            </DropdownMenuCheckboxItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => toast.error('Alert deleted')}>
              <Trash2 />
              Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </Panel>
    </Section>
  )
}

function TooltipSection() {
  return (
    <Section id="tooltip" description="Short hints on hover and keyboard focus. Never hide essential information in a tooltip.">
      <Panel>
        <div className="flex flex-wrap items-center gap-3">
          <Tooltip>
            <TooltipTrigger asChild>
              <Button variant="outline" size="icon" aria-label="How often we check">
                <Info />
              </Button>
            </TooltipTrigger>
            <TooltipContent>Premium alerts are checked at least every 12 hours.</TooltipContent>
          </Tooltip>
          <Tooltip>
            <TooltipTrigger asChild>
              <Button variant="secondary">Hover or focus me</Button>
            </TooltipTrigger>
            <TooltipContent side="bottom">Tooltips work with the keyboard too.</TooltipContent>
          </Tooltip>
        </div>
      </Panel>
    </Section>
  )
}

function ToastsSection() {
  return (
    <Section id="toasts" description="Brief, non-blocking feedback. Toasts appear at the bottom right, are announced to screen readers and dismiss themselves.">
      <Panel>
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={() => toast.success('Alert created', 'We’ll email you when New York → Lisbon drops below $450.')}>
            Success toast
          </Button>
          <Button variant="outline" onClick={() => toast.info('Prices refreshed', 'We checked 3 alerts just now.')}>
            Info toast
          </Button>
          <Button variant="outline" onClick={() => toast.error('Couldn’t save your alert', 'Check your connection and try again.')}>
            Error toast
          </Button>
        </div>
      </Panel>
    </Section>
  )
}

function SkeletonsSection() {
  return (
    <Section id="skeletons" description="Placeholders that match the shape of the content while it loads. They are hidden from assistive technology.">
      <div className="grid gap-4 md:grid-cols-2">
        <Panel title="Alert card">
          <div className="flex items-start justify-between gap-4">
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
            </div>
            <Skeleton className="h-5 w-16 rounded-full" />
          </div>
          <Skeleton className="mt-6 h-8 w-24" />
          <div className="mt-6 flex gap-2">
            <Skeleton className="h-10 w-28" />
            <Skeleton className="h-10 w-20" />
          </div>
        </Panel>
        <Panel title="List">
          <div className="space-y-4">
            {[0, 1, 2].map((row) => (
              <div key={row} className="flex items-center gap-3">
                <Skeleton className="size-10 shrink-0 rounded-full" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-3/4" />
                  <Skeleton className="h-3 w-1/2" />
                </div>
              </div>
            ))}
          </div>
        </Panel>
      </div>
    </Section>
  )
}
