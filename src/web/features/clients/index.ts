// The client workspaces feature's public entry (decision 043).
export { clientListQueryOptions } from './api.ts'
export { ClientsScreen } from './clients-screen.tsx'
export { ClientChoice } from './client-choice.tsx'
export { ClientFilter } from './client-filter.tsx'
export { ClientBadge } from './client-badge.tsx'
export { clientChannelNote } from './client-channel-note.ts'
