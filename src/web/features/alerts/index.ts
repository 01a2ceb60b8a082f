// The alerts feature's public entry: the only module other parts of the web app import from it.
export { CHANNEL_LABEL } from './alert-labels.ts'
export { AlertsScreen } from './alerts-screen.tsx'
export { UPGRADE_PATH, channelLock } from './plan-locks.ts'
export { alertQueryKeys, quotaQueryOptions } from './quota.ts'
export { searchContextFor } from './search-context.ts'
export { CreateAlertDialog } from './create-alert-dialog.tsx'
