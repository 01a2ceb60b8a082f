import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The package root, found by walking up from this file. The same code runs from `src/` (tsx,
 * tests) and bundled from `dist/server/`, so fixed relative paths would break one of them.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('FareDrop: package.json not found above the server code')
    dir = parent
  }
  return dir
}

export const PROJECT_ROOT = findProjectRoot()
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'src/server/db/migrations')
export const WEB_DIST_DIR = path.join(PROJECT_ROOT, 'dist/web')
