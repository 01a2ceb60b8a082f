import type { ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'

export interface Column<T> {
  key: string
  header: ReactNode
  /** The label beside the value on phones (defaults to `header` when it is text). */
  label?: string
  cell: (row: T) => ReactNode
  className?: string
  /** On phones, the card's first line: full width, no label. */
  primary?: boolean
  /** On phones, a full-width line without a label (row actions). */
  bare?: boolean
}

/**
 * A table on wide screens that turns into stacked cards on phones (one DOM: each cell carries its
 * column's name in data-label and shows it before the value under the md breakpoint).
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowClassName,
}: {
  /** The table's accessible name. */
  label: string
  columns: readonly Column<T>[]
  rows: readonly T[]
  rowKey: (row: T) => string
  rowClassName?: (row: T) => string | undefined
}) {
  return (
    <div className="md:overflow-x-auto md:rounded-lg md:border">
      <table aria-label={label} className="w-full border-collapse text-sm max-md:block">
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground max-md:sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cn('px-3 py-2.5 font-medium whitespace-nowrap', column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:grid max-md:gap-3 md:divide-y">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className={cn('max-md:grid max-md:gap-2 max-md:rounded-lg max-md:border max-md:bg-card max-md:p-3 md:hover:bg-muted/30', rowClassName?.(row))}
            >
              {columns.map((column) => {
                const name = column.label ?? (typeof column.header === 'string' ? column.header : undefined)
                const labelled = !column.primary && !column.bare && name
                return (
                  <td
                    key={column.key}
                    data-label={labelled ? name : undefined}
                    className={cn(
                      'px-3 py-2.5 align-top max-md:p-0',
                      labelled &&
                        'max-md:flex max-md:items-baseline max-md:justify-between max-md:gap-4 max-md:text-right max-md:before:shrink-0 max-md:before:text-left max-md:before:text-xs max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]',
                      column.primary && 'max-md:border-b max-md:pb-2',
                      column.bare && 'max-md:border-t max-md:pt-2',
                      column.className,
                    )}
                  >
                    {column.cell(row)}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
