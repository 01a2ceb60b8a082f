import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeOverview, renderAdmin, serveAdminApi } from './test-fixtures.tsx'

// The feature's sources, to follow its static imports (Vite's glob; nothing here is executed).
const SOURCES = import.meta.glob<string>(['./*.ts', './*.tsx', '!./*.test.tsx', '!./test-fixtures.tsx'], { query: '?raw', import: 'default', eager: true })

describe('admin overview', () => {
  it('shows the figures while the 30-day trends are still loading', async () => {
    const calls = serveAdminApi(({ url }) => {
      if (url === '/api/admin/overview') return Response.json({ overview: makeOverview(), drivers: {} })
      if (url === '/api/admin/trends') return new Promise<Response>(() => {})
      return undefined
    })
    renderAdmin()
    const users = await screen.findByRole('region', { name: 'Users' })
    expect(within(users).getByText('1,234')).toBeInTheDocument()
    expect(within(users).getByText('87 new in the last 7 days')).toBeInTheDocument()
    const checks = screen.getByRole('region', { name: 'Price checks' })
    expect(within(checks).getByText('612')).toBeInTheDocument()
    expect(within(checks).getByText('6 min')).toBeInTheDocument()
    const provider = screen.getByRole('region', { name: 'Flight provider' })
    expect(within(provider).getByText('73%')).toBeInTheDocument()
    // What the provider costs this month, per paying user, and against revenue (over the 15 % goal: flagged).
    expect(provider).toHaveTextContent('Spend this month (9,300 calls at $0.015 each)$139.50')
    expect(provider).toHaveTextContent('Per paying user, at this month’s pace$2.35')
    expect(provider).toHaveTextContent('Share of revenue (goal ≤ 15%)41.2%')
    expect(within(screen.getByRole('region', { name: 'Revenue' })).getByText('$1,519.60')).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Notices' })).getByRole('link', { name: 'Review' })).toHaveAttribute('href', '/admin?tab=notifications')
    // The charts wait for their own read; the numbers did not.
    expect(screen.getByRole('status', { name: 'Loading the charts' })).toBeInTheDocument()
    expect(screen.queryByRole('figure')).not.toBeInTheDocument()
    expect(calls.made('GET', '/api/admin/trends')).toHaveLength(1)
  })

  it('keeps Recharts out of the modules the page imports statically', () => {
    const staticImports = (source: string) => [...source.matchAll(/^(?:import|export)\b[^'"]*?from\s+'(\.\/[^']+)'/gm)].map((match) => match[1]!)
    const reached = new Set<string>()
    const visit = (file: string) => {
      if (reached.has(file)) return
      reached.add(file)
      for (const next of staticImports(SOURCES[file] ?? '')) visit(next)
    }
    visit('./index.ts')
    expect(reached.has('./overview-tab.tsx')).toBe(true)
    expect([...reached].filter((file) => /from 'recharts'/.test(SOURCES[file] ?? ''))).toEqual([])
    // The chart modules exist and are reached only through import().
    expect(SOURCES['./trend-section.tsx']).toContain("import('./trend-charts.tsx')")
    expect(SOURCES['./trend-chart.tsx']).toContain("from 'recharts'")
  })
})
