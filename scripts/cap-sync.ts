/**
 * `npm run cap:sync`: the web build the apps ship, copied into the Android and iOS projects
 * (decision 037). The apps reach the server at VITE_API_ORIGIN, fixed into the build here, so it
 * is checked first with the rule the app itself applies (src/web/platform/api-origin.ts): a build
 * without it would start and reach nothing. Extra arguments go to `cap sync` (`-- android`).
 */
import { spawnSync } from 'node:child_process'
import { parseApiOrigin } from '../src/web/platform/api-origin.ts'

const checked = parseApiOrigin(process.env.VITE_API_ORIGIN)
if (!checked) {
  console.error(
    'VITE_API_ORIGIN must name the FareDrop server the app talks to, e.g.\n' +
      '  VITE_API_ORIGIN=https://faredrop.app npm run cap:sync\n' +
      '(https://, or http:// on a private address for a development server: http://10.0.2.2:3000 from the Android emulator).',
  )
  process.exit(1)
}
const origin = checked

function run(command: string, args: string[]) {
  console.log(`> ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, VITE_API_ORIGIN: origin } })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

// The whole build (the server's too): dist/web stays the one web build, served by the server and
// shipped in the apps alike.
run('npm', ['run', 'build'])
run('npx', ['cap', 'sync', ...process.argv.slice(2)])
