// The installable app's public entry (decision 035): the only module other parts of the web app import from it.
export { InstallAppButton } from './install-app-button.tsx'
export { startPwa } from './start-pwa.ts'
