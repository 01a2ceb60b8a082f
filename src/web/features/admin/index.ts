// The admin feature's public entry: the only module other parts of the web app import from it.
export { AdminDashboard } from './admin-dashboard.tsx'
