import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import { AppProviders } from './app/app-providers.tsx'
import { AppRoutes, preloadPage } from './app/router.tsx'
import { meQueryOptions } from './lib/session.ts'
import { createQueryClient } from './lib/query-client.ts'

export { PRERENDERED_PAGES } from './app/prerendered-pages.ts'

/**
 * The build's server-side entry (scripts/prerender.mjs): the app's HTML at `path` for a visitor
 * without a session, the same tree the browser hydrates (start-app.tsx). The page's module is
 * loaded first, as the browser has it before hydrating: nothing suspends, so the HTML is the whole
 * page with no script of React's to finish it. Any render error fails the build.
 */
export async function renderPage(path: string): Promise<string> {
  await preloadPage(path)
  const errors: unknown[] = []
  const queryClient = createQueryClient()
  queryClient.setQueryData(meQueryOptions.queryKey, null)
  const { prelude } = await prerender(
    <AppProviders queryClient={queryClient}>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
    // One piece: a bigger Suspense boundary would be streamed apart, to be put in place by a script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void errors.push(error) },
  )
  if (errors.length > 0) throw new AggregateError(errors, `Prerendering ${path} failed`)
  return new Response(prelude).text()
}
