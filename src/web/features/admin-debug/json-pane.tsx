import { useId } from 'react'
import { CopyButton } from '../../components/copy-button.tsx'

/** Pretty-printed JSON in its own scrolling pane, with a button that copies it. */
export function JsonPane({ title, value }: { title: string; value: unknown }) {
  const id = useId()
  const text = JSON.stringify(value, null, 2) ?? 'undefined'
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h4 id={id} className="text-sm font-medium">
          {title}
        </h4>
        <CopyButton text={text} what={title.toLowerCase()} />
      </div>
      {/* Focusable so the keyboard can scroll it. */}
      <pre
        role="region"
        aria-labelledby={id}
        tabIndex={0}
        className="h-80 overflow-auto rounded-lg border bg-muted/50 p-3 font-mono text-xs leading-relaxed focus-visible:outline-2 focus-visible:outline-ring lg:h-[28rem]"
      >
        {text}
      </pre>
    </div>
  )
}
