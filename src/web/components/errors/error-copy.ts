/** Error screen titles and texts by HTTP status (product spec section 2 "Error screens"). */
export const STATUS_ERRORS: Record<number, { title: string; text: string }> = {
  404: { title: 'Page Not Found', text: "The page you're looking for doesn't exist." },
  403: { title: 'Access Denied', text: "You don't have permission to access this resource." },
  401: { title: 'Authentication Required', text: 'Please log in to continue.' },
  500: { title: 'Server Error', text: 'Our servers are having issues. Please try again later.' },
}

export const FALLBACK_ERROR_TITLE = 'Oops! Something went wrong'
export const GENERAL_FALLBACK = {
  title: 'Something went wrong',
  text: 'An unexpected error occurred. Please try refreshing the page.',
}

export function errorCopy(status: number | undefined, message: string | undefined) {
  const known = status !== undefined ? STATUS_ERRORS[status] : undefined
  return known ?? { title: FALLBACK_ERROR_TITLE, text: message || GENERAL_FALLBACK.text }
}
