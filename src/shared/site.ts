/** Product-wide constants that both the web app and the server (emails, headers) use. */
export const PRODUCT_NAME = 'FareDrop'
/** Prefix of browser storage keys: the spec's `{product}-theme` becomes `faredrop-theme`. */
export const PRODUCT_SLUG = 'faredrop'
export const TAGLINE = 'Get instant alerts when flight prices drop. Start free, upgrade when you need more.'

export const SUPPORT_EMAIL = 'support@faredrop.app'
export const SALES_EMAIL = 'sales@faredrop.app'
export const PRIVACY_EMAIL = 'privacy@faredrop.app'
export const SOCIAL_URL = 'https://x.com/faredrop'
export const COPYRIGHT_YEAR = 2024
