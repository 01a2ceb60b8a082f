import type { BookingRequest } from '#shared/flights/model.ts'

/**
 * "Book with {seller}": SerpApi's booking_request is a URL plus, usually, post_data that must be
 * POSTed unchanged as application/x-www-form-urlencoded. A browser can only POST to another site
 * with a form, so the fields are decoded from post_data and re-encoded by the form submission
 * (the same name/value pairs; the browser may spell a byte differently, e.g. "~" for "%7E",
 * which form decoding on the other side treats as equal). The page opens in a new tab, without
 * a reference back to us (rel="noopener noreferrer").
 */

/** Name/value pairs of an x-www-form-urlencoded string, in order, duplicates kept. */
export function decodePostData(postData: string): Array<[string, string]> {
  return [...new URLSearchParams(postData.startsWith('?') ? postData.slice(1) : postData)]
}

/** Only http(s) sellers: a javascript: or data: URL from upstream data is never followed. */
export function isSafeBookingUrl(url: string): boolean {
  try {
    const parsed = new URL(url, window.location.origin)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:'
  } catch {
    return false
  }
}

/** Builds the hidden form (exported for tests; `submitBookingRequest` uses it). */
export function buildBookingForm(request: BookingRequest & { postData: string }, doc: Document = document): HTMLFormElement {
  const form = doc.createElement('form')
  form.method = 'post'
  form.action = request.url
  form.target = '_blank'
  form.rel = 'noopener noreferrer'
  form.enctype = 'application/x-www-form-urlencoded'
  form.acceptCharset = 'UTF-8'
  form.hidden = true
  for (const [name, value] of decodePostData(request.postData)) {
    const input = doc.createElement('input')
    input.type = 'hidden'
    input.name = name
    input.value = value
    form.append(input)
  }
  return form
}

/** Sends the traveller to the seller: a form POST with post_data, else a new tab on the URL. */
export function submitBookingRequest(request: BookingRequest): boolean {
  if (!isSafeBookingUrl(request.url)) return false
  if (request.postData) {
    const form = buildBookingForm({ url: request.url, postData: request.postData })
    document.body.append(form)
    try {
      form.submit()
    } finally {
      form.remove()
    }
    return true
  }
  window.open(request.url, '_blank', 'noopener,noreferrer')
  return true
}
