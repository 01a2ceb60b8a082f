import type { TestApp } from './test-app.ts'

export interface AppRoute {
  method: string
  path: string
}

/**
 * Every concrete route the app answers: ours from Hono's route table (wildcard middleware left
 * out), the auth library's from its endpoint list. For tests that must reach every handler, so a
 * new route is covered the day it lands.
 */
export function appRoutes(t: TestApp): AppRoute[] {
  const seen = new Map<string, AppRoute>()
  const add = (method: string, path: string) => seen.set(`${method} ${path}`, { method, path })
  for (const { method, path } of t.app.routes) if (method !== 'ALL' && !path.includes('*')) add(method, path)
  const endpoints = Object.values(t.services.auth.api as unknown as Record<string, { path?: string; options?: { method?: string | string[] } }>)
  for (const endpoint of endpoints) {
    if (!endpoint.path) continue
    for (const method of [endpoint.options?.method ?? 'POST'].flat()) add(method, `/api/auth${endpoint.path}`)
  }
  return [...seen.values()]
}
