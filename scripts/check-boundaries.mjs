// `npm run lint` runs this after ESLint: the import graph between server domains (the folders of
// src/server; the files directly in it are the composition roots) has no cycles, nor has the graph
// between web features (src/web/features/*); code outside a web feature reaches it only through its
// public entry (features/<name>/index.ts); and the flight providers import no database code.
// ESLint's rules see one import at a time with its specifier; these need resolved paths and the
// whole graph.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')
const ALIASES = { '#server/': 'src/server/', '#shared/': 'src/shared/', '#web/': 'src/web/', '#tests/': 'tests/' }
const IMPORT = /(?:^|\n)\s*(?:import|export)[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

/** Tests and their fixtures may reach into what they test; the rules are for the product's code. */
const TEST_CODE = /\.test\.tsx?$|\.test-helpers\.ts$|(^|[/\\])(test-fixtures|test-utils|test-helpers|fixtures)\.tsx?$/

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return files(full)
    return /\.(ts|tsx)$/.test(name) && !TEST_CODE.test(full) ? [full] : []
  })
}

function importsOf(file) {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => match[1] ?? match[2])
}

function resolve(from, spec) {
  for (const [alias, base] of Object.entries(ALIASES)) if (spec.startsWith(alias)) return path.join(ROOT, base, spec.slice(alias.length))
  return spec.startsWith('.') ? path.resolve(path.dirname(from), spec) : null
}

/** The unit a file belongs to under `base` (its first folder), or null for files directly in it. */
function unitOf(file, base) {
  const rel = path.relative(path.join(ROOT, base), file)
  if (rel.startsWith('..')) return null
  const parts = rel.split(path.sep)
  return parts.length > 1 ? parts[0] : null
}

const problems = []

function checkCycles(base, label) {
  const graph = new Map()
  for (const file of files(path.join(ROOT, base))) {
    const from = unitOf(file, base)
    if (!from) continue
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(file, match[1] ?? match[2])
      const to = target && unitOf(target, base)
      if (!to || to === from) continue
      if (!graph.has(from)) graph.set(from, new Map())
      if (!graph.get(from).has(to)) graph.get(from).set(to, path.relative(ROOT, file))
    }
  }
  // Depth-first search for back edges: each cycle reported once, with a file per step.
  const state = new Map()
  const stack = []
  const seen = new Set()
  const visit = (node) => {
    state.set(node, 'open')
    stack.push(node)
    for (const next of graph.get(node)?.keys() ?? []) {
      if (state.get(next) === 'open') {
        const cycle = [...stack.slice(stack.indexOf(next)), next]
        const key = [...cycle.slice(0, -1)].sort().join('>')
        if (!seen.has(key)) {
          seen.add(key)
          const steps = cycle.slice(0, -1).map((unit, i) => `${unit} → ${cycle[i + 1]} (${graph.get(unit).get(cycle[i + 1])})`)
          problems.push(`${label} import each other in a cycle:\n    ${steps.join('\n    ')}`)
        }
      } else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(node, 'done')
  }
  for (const node of graph.keys()) if (!state.has(node)) visit(node)
}

function checkProvidersPure() {
  const base = 'src/server/flights/providers'
  for (const file of files(path.join(ROOT, base))) {
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = match[1] ?? match[2]
      const target = resolve(file, spec)
      const reachesDb = target?.startsWith(path.join(ROOT, 'src/server/db')) || /^(drizzle-orm|pg|@electric-sql\/pglite)(\/|$)/.test(spec)
      if (reachesDb) problems.push(`A flight provider imports database code: ${path.relative(ROOT, file)} → ${spec} (providers are pure adapters)`)
    }
  }
}

/** A web feature is used from outside only through its index.ts (what Bulletproof React calls its public API). */
function checkFeatureEntries() {
  const base = 'src/web/features'
  for (const file of files(path.join(ROOT, 'src/web'))) {
    const from = unitOf(file, base)
    for (const spec of importsOf(file)) {
      const target = resolve(file, spec)
      const feature = target && unitOf(target, base)
      if (!feature || feature === from) continue
      if (path.relative(path.join(ROOT, base, feature), target) !== 'index.ts') {
        problems.push(`${path.relative(ROOT, file)} imports ${spec}: use features/${feature}/index.ts, the feature's public entry`)
      }
    }
  }
}

checkCycles('src/server', 'Server domains')
checkCycles('src/web/features', 'Web features')
checkFeatureEntries()
checkProvidersPure()

if (problems.length > 0) {
  console.error(`Boundary check failed:\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log('Boundaries hold: no cycles between server domains or between web features; features used through their index.ts; flight providers import no database code.')
