import { html } from 'hono/html'

interface SellerHandoff {
  seller?: string
  price?: number
  currency?: string
  flights?: string[]
}

/** Reads the simulated market's post_data ("u=" + base64url JSON); anything else shows a generic page. */
function decodeHandoff(encoded: string): SellerHandoff {
  try {
    const value = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as unknown
    return typeof value === 'object' && value !== null ? (value as SellerHandoff) : {}
  } catch {
    return {}
  }
}

/**
 * The page a "Book" action reaches with the simulated market: it says plainly that no ticket is
 * sold offline and what would have been booked. With SerpApi the traveller goes to the real seller.
 */
export function simulatedSellerPage(encoded: string, styleNonce: string) {
  const handoff = decodeHandoff(encoded)
  const seller = handoff.seller ?? 'the seller'
  const price = handoff.price !== undefined ? `${handoff.price} ${handoff.currency ?? ''}`.trim() : null
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>Simulated booking · FareDrop</title>
    <style nonce="${styleNonce}">
      body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5 }
    </style>
  </head>
  <body>
    <h1>Booking with ${seller}</h1>
    <p>
      FareDrop is running on its built-in simulated flight market, so no ticket is sold here. With a
      live flight provider this button takes you to ${seller}'s own booking page.
    </p>
    ${price ? html`<p>Fare shown: <strong>${price}</strong></p>` : ''}
    ${handoff.flights?.length ? html`<p>Flights: ${handoff.flights.join(', ')}</p>` : ''}
    <p><a href="/search">Back to your search</a></p>
  </body>
</html>`
}
