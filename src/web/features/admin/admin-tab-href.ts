export const ADMIN_TABS = ['overview', 'users', 'alerts', 'notifications', 'billing', 'audit'] as const
export type AdminTab = (typeof ADMIN_TABS)[number]

export const isAdminTab = (value: string | null): value is AdminTab => (ADMIN_TABS as readonly (string | null)[]).includes(value)

/** `?tab=users` and the like: the link to one of the dashboard's sections. */
export const adminTabHref = (tab: AdminTab): string => (tab === 'overview' ? '?' : `?tab=${tab}`)
