import { PATHS } from '#shared/routes.ts'
import { PRODUCT_NAME } from '#shared/site.ts'
import { escapeHtml } from '../email/templates.ts'

/**
 * The small pages people see around a one-click unsubscribe link. Server-rendered (the link must
 * work without the web app or a session); the only style sheet carries the response's CSP nonce.
 */
export interface UnsubscribePage {
  title: string
  paragraphs: string[]
  /** The button that POSTs the one-click form back to the same link. */
  form?: { action: string; label: string }
}

const STYLE = `body{margin:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f172a}
main{max-width:480px;margin:64px auto;padding:32px;background:#fff;border-radius:12px;border-top:4px solid #1d4ed8}
.brand{font-size:20px;font-weight:700;color:#1d4ed8;margin:0 0 16px}h1{font-size:22px;margin:0 0 16px}p{line-height:24px}
button{font:inherit;font-weight:600;color:#fff;background:#1d4ed8;border:0;border-radius:8px;padding:12px 24px;cursor:pointer}
a{color:#1d4ed8}.logo{display:block;max-height:48px;max-width:240px;margin:0 0 16px}.sent-by{font-size:14px;color:#64748b}`

/**
 * An advisor's brand on the pages their clients see (white-label, decision 043): the colour is a
 * checked `#rrggbb`, the logo a path on our origin. Those pages link nowhere in FareDrop.
 */
export interface PageBrand {
  name: string
  color: string
  logoUrl: string | null
}

export function renderUnsubscribePage(page: UnsubscribePage, nonce: string, brand?: PageBrand): string {
  const color = brand?.color ?? '#1d4ed8'
  const name = brand ? escapeHtml(brand.name) : PRODUCT_NAME
  const header = brand?.logoUrl ? `<img class="logo" src="${escapeHtml(brand.logoUrl)}" alt="${name}">` : `<p class="brand">${name}</p>`
  const form = page.form
    ? `<form method="post" action="${escapeHtml(page.form.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(page.form.label)}</button></form>`
    : ''
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(page.title)} · ${name}</title>
<style nonce="${escapeHtml(nonce)}">${STYLE.replaceAll('#1d4ed8', color)}</style>
</head>
<body>
<main>
${header}
<h1>${escapeHtml(page.title)}</h1>
${page.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
${form}
${brand ? `<p class="sent-by">Fare alerts sent by ${PRODUCT_NAME} for ${name}.</p>` : `<p><a href="${PATHS.alerts}">Go to your alerts</a></p>`}
</main>
</body>
</html>
`
}
