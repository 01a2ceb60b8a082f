/** The billing messages of the spec (sections 7-9), shown by the web app and returned by the server. */
export const BILLING_MESSAGES = {
  unauthenticated: 'User must be authenticated',
  planUnavailable: 'This plan is not yet available. Please check back soon!',
  checkoutFailed: 'Failed to create checkout session',
  checkoutStartFailed: 'Failed to start checkout',
  cancelFailed: 'Failed to cancel subscription',
  reactivateFailed: 'Failed to reactivate subscription',
  portalFailed: 'Failed to create billing portal session',
  signInToContinue: 'Please sign in to continue',
  redirectOffSite: 'Redirect URLs must stay on FareDrop.',
} as const
