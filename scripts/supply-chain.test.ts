/**
 * Security target H8 (supply chain), offline: no test reaches the network, so `npm audit` stays
 * out of the suite (run it by hand or in a scheduled job). What is checked here: every package in
 * package-lock.json has a sha512 integrity hash; none comes from anywhere but the npm registry
 * (no git, file, link or tarball URL; a `resolved` URL, where the lockfile keeps one, is
 * https://registry.npmjs.org/); every dependency in package.json is a registry version range; and
 * the installed better-auth is at least the version package.json asks for, and the locked one.
 * Figure: 100% of locked packages.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const readJson = <T>(file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T

interface LockedPackage {
  version?: string
  resolved?: string
  integrity?: string
  link?: boolean
  inBundle?: boolean
}
const lock = readJson<{ lockfileVersion: number; packages: Record<string, LockedPackage> }>('package-lock.json')
const manifest = readJson<{ dependencies: Record<string, string>; devDependencies: Record<string, string>; overrides?: Record<string, string> }>('package.json')
const locked = Object.entries(lock.packages).filter(([key]) => key !== '')

const REGISTRY = 'https://registry.npmjs.org/'
/**
 * A plain version (what a registry install records), not a URL or a path. Pre-release and build
 * parts may hold hyphens (semver.org §9; babel's `7.21.0-placeholder-for-preset-env.2`).
 */
const SEMVER = /^\d+\.\d+\.\d+(-[\w.-]+)?(\+[\w.-]+)?$/

/** [major, minor, patch] of a version or of a range's floor (`^1.7.25` → 1.7.25). */
const parts = (version: string) => version.replace(/^[\^~>=v\s]+/, '').split(/[.-]/).slice(0, 3).map(Number)
function atLeast(version: string, floor: string): boolean {
  const [a, b] = [parts(version), parts(floor)]
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!
  return true
}

describe('H8: the lockfile', () => {
  it(`pins every one of ${locked.length} packages with a sha512 integrity hash`, () => {
    expect(lock.lockfileVersion).toBeGreaterThanOrEqual(2)
    expect(locked.length).toBeGreaterThan(100)
    // Bundled packages come inside their parent's tarball and are covered by its hash.
    const missing = locked.filter(([, entry]) => !entry.inBundle && !/^sha512-[A-Za-z0-9+/]{86}==$/.test(entry.integrity ?? '')).map(([key]) => key)
    expect(missing).toEqual([])
  })

  it('takes every package from the npm registry: no git, file, link or tarball source, https registry URLs only', () => {
    const foreign = locked
      .filter(([, entry]) => entry.link || !SEMVER.test(entry.version ?? '') || (entry.resolved !== undefined && !entry.resolved.startsWith(REGISTRY)))
      .map(([key, entry]) => `${key} ${entry.version} ${entry.resolved ?? ''}`)
    expect(foreign).toEqual([])
    const withUrl = locked.filter(([, entry]) => entry.resolved !== undefined).length
    // npm writes no `resolved` URL when configured with omit-lockfile-registry-resolved; `npm ci`
    // then fetches from the configured registry and still checks each sha512.
    console.info(`[H8] ${locked.length} locked packages, all sha512; ${withUrl} with a resolved URL, none from elsewhere than ${REGISTRY}`)
  })

  it('asks package.json for registry version ranges only', () => {
    const ranges = { ...manifest.dependencies, ...manifest.devDependencies, ...manifest.overrides }
    const notRegistry = Object.entries(ranges).filter(([, range]) => !/^[\^~]?\d+\.\d+\.\d+(-[\w.]+)?$/.test(range))
    expect(notRegistry).toEqual([])
  })
})

describe('H8: better-auth', () => {
  for (const name of ['better-auth', '@better-auth/drizzle-adapter']) {
    it(`${name}: installed ≥ package.json's floor, and the locked version`, () => {
      const wanted = manifest.dependencies[name]!
      const installed = readJson<{ version: string }>(`node_modules/${name}/package.json`).version
      expect(atLeast(installed, wanted), `${name} ${installed} < ${wanted}`).toBe(true)
      expect(installed).toBe(lock.packages[`node_modules/${name}`]?.version)
    })
  }
})
