import path from 'node:path'
import type { Plugin } from 'vite'
import { PRERENDERED_PAGES } from '../src/web/app/prerendered-pages.ts'

const PAGE_ENTRY = 'virtual:page-entry/'
const START_APP = 'src/web/app/start-app.tsx'

/** The libraries every page runs: React, the router, TanStack Query and the small helpers around them. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|zustand|clsx|class-variance-authority|get-nonce)[\\/]|[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])|^\0vite[\\/]preload-helper/
/** …except the parts only some pages use: mutations (pages with forms), useQueries (the search results' legs). */
const NOT_FRAMEWORK = /[\\/](useMutation|mutationObserver|useMutationState|useIsMutating|useQueries|queriesObserver)\.js$/

interface GraphModule {
  code: string | null
  importedIds: readonly string[]
}

const LUCIDE_INDEX = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/

/**
 * The icon modules a module takes from lucide-react's index (`import { Menu } from 'lucide-react'`),
 * read from both files: the index re-exports every icon, and only those named belong to the page.
 */
function lucideIcons(module: GraphModule, moduleInfo: (id: string) => GraphModule | null): string[] {
  const index = module.importedIds.find((id) => LUCIDE_INDEX.test(id))
  const indexCode = index ? moduleInfo(index)?.code : null
  if (!index || !indexCode || !module.code) return []
  const names = [...module.code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)].flatMap((m) =>
    m[1]!.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]!),
  )
  return names.flatMap((name) => {
    const file = new RegExp(`export \\{[^}]*\\bdefault as ${name}\\b[^}]*\\} from '([^']+)'`).exec(indexCode)?.[1]
    return file ? [path.resolve(path.dirname(index), file)] : []
  })
}

const FEATURE_ENTRY = /[\\/]src[\\/]web[\\/]features[\\/]([^\\/]+)[\\/]index\.ts$/

/**
 * The modules behind the names a module takes from a feature's public entry (`import { useSignOut }
 * from '../features/auth/index.ts'`): the entry re-exports the whole feature, and only the modules
 * of the names used belong where the importer goes.
 */
function featureModules(module: GraphModule, entry: string, moduleInfo: (id: string) => GraphModule | null): string[] {
  const feature = FEATURE_ENTRY.exec(entry)?.[1]
  const entryCode = moduleInfo(entry)?.code
  if (!feature || !entryCode || !module.code) return []
  const imports = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["'][^"']*features/${feature}/index\\.ts["']`, 'g')
  const names = new Set(
    [...module.code.matchAll(imports)].flatMap((m) => m[1]!.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]!).filter(Boolean)),
  )
  const files: string[] = []
  for (const m of entryCode.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const exported = m[1]!.split(',').map((name) => name.trim().replace(/^type\s+/, '').split(/\s+as\s+/).pop()!)
    if (exported.some((name) => names.has(name))) files.push(path.resolve(path.dirname(entry), m[2]!))
  }
  return files
}

/**
 * The build side of prerendering (decision 019), for `vite build` of the web app:
 *
 * - One more entry per prerendered page module (`page-<name>`): the app started with that module
 *   imported statically, so a prerendered page hydrates as soon as its entry runs, before the load
 *   event, instead of after a chunk arrives (src/web/app/start-app.tsx). index.html stays the entry
 *   of every other page.
 * - Chunks by who needs them: `framework` (the libraries above), `app` (start-app.tsx and the app
 *   code it imports), and per prerendered page its own code (code shared by several of them: one
 *   chunk per set of pages). Left alone, Rolldown cuts this code into ~40 small chunks by which
 *   lazily loaded pages share each module, and the first visit of / pays ~7 KB more gzip for it.
 *   Other modules (lazily loaded pages, the libraries they use) keep the automatic chunking. Only
 *   src/ modules and the icons they name are followed: a library's index re-exports everything, so
 *   following it would pull every module the app uses anywhere into `app`. For the same reason a
 *   feature's public entry (features/<name>/index.ts) is followed only through the names used.
 */
export function prerenderedPages(): Plugin {
  let root = process.cwd()
  let groups: Map<string, string> | null = null

  function groupOf(id: string, moduleInfo: (id: string) => GraphModule | null): string | null {
    if (FRAMEWORK.test(id) && !NOT_FRAMEWORK.test(id)) return 'framework'
    if (!groups) {
      const src = path.join(root, 'src') + path.sep
      const closure = (from: string) => {
        const seen = new Set<string>()
        const stack = [from]
        while (stack.length > 0) {
          const next = stack.pop()!
          if (seen.has(next)) continue
          seen.add(next)
          const module = moduleInfo(next)
          // A feature's public entry is followed through the names its importers use, not whole.
          if (!module || !next.startsWith(src) || FEATURE_ENTRY.test(next)) continue
          const deps = module.importedIds.filter((dep) => dep.startsWith(src))
          const viaEntries = deps.filter((dep) => FEATURE_ENTRY.test(dep)).flatMap((entry) => featureModules(module, entry, moduleInfo))
          stack.push(...deps, ...viaEntries, ...lucideIcons(module, moduleInfo))
        }
        return seen
      }
      const app = new Set([...closure(path.join(root, START_APP))].filter((id) => !FRAMEWORK.test(id)))
      const pagesOf = new Map<string, string[]>()
      for (const page of PRERENDERED_PAGES) {
        for (const module of closure(path.join(root, page.module))) {
          if (!app.has(module) && !FRAMEWORK.test(module)) pagesOf.set(module, [...(pagesOf.get(module) ?? []), page.name])
        }
      }
      groups = new Map([...app].map((module) => [module, 'app']))
      for (const [module, names] of pagesOf) groups.set(module, names.join('-'))
    }
    return groups.get(id) ?? null
  }

  return {
    name: 'faredrop:prerendered-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved: (config) => {
      root = config.root
    },
    config: () => ({
      build: {
        rolldownOptions: {
          input: {
            index: 'index.html',
            ...Object.fromEntries(PRERENDERED_PAGES.map((page) => [`page-${page.name}`, `${PAGE_ENTRY}${page.module}`])),
          },
          output: {
            // Pages (entries, lazily loaded pages) and the groups below keep their names. The small
            // chunks Rolldown shares between lazy pages (an icon, a dialog, a date helper) are named
            // by their hash alone: every first visit loads the app chunk, which lists each such file
            // to preload it with the page that needs it, and their names were a third of that
            // list's weight (decision 019, addendum). Hashes are 7 characters, the fewest Rolldown
            // accepts for this many chunks (42 bits: a changed chunk keeps its name about once in
            // 4 × 10^12 builds), a byte less per name in that list than the default 8.
            chunkFileNames: (chunk) =>
              chunk.isEntry || chunk.isDynamicEntry || chunk.name === 'framework' || (groups && new Set(groups.values()).has(chunk.name))
                ? 'assets/[name]-[hash:7].js'
                : 'assets/[hash:7].js',
            codeSplitting: {
              // Group members only: their imports are in a group already or are chunked automatically.
              includeDependenciesRecursively: false,
              groups: [{ name: (id, ctx) => groupOf(id, (module) => ctx.getModuleInfo(module)) }],
            },
          },
        },
      },
    }),
    resolveId: (id) => (id.startsWith(PAGE_ENTRY) ? `\0${id}` : undefined),
    load: (id) => {
      if (!id.startsWith(`\0${PAGE_ENTRY}`)) return undefined
      const module = id.slice(PAGE_ENTRY.length + 1)
      return `import Page from '/${module}'\nimport { startApp } from '/${START_APP}'\nstartApp(Page)\n`
    },
  }
}
