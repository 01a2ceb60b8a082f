// The admin debug feature's public entry (/admin/debug): the only module other parts of the web app import from it.
export { AdminDebugScreen } from './admin-debug-screen.tsx'
