// Bundles the server entry points into dist/server (dependencies stay in node_modules) and
// pre-compresses the web build so the server can send .br/.gz files as they are.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { build } from 'esbuild'

await build({
  entryPoints: ['src/server/main.ts', 'src/server/worker.ts'],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest|map)$/
function* files(dir) {
  for (const name of readdirSync(dir)) {
    // The prerendered pages are read by the server, which fills in each response's nonce.
    if (name === '.prerendered') continue
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) yield* files(full)
    else yield full
  }
}
let count = 0
for (const file of files('dist/web')) {
  if (!COMPRESSIBLE.test(file) || file.endsWith('index.html')) continue
  const data = readFileSync(file)
  if (data.length < 1024) continue
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }))
  count++
}
console.log(`server bundled to dist/server; ${count} web files pre-compressed`)
