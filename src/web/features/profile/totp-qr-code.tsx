import { QrCode } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Skeleton } from '../../components/ui/skeleton.tsx'

/** The otpauth:// URI as an SVG QR code in a data: URL (the CSP allows img-src data:, not inline styles). */
async function qrDataUrl(uri: string): Promise<string> {
  // Loaded on demand: only people setting up two-factor authentication need the encoder.
  const lib = await import('qrcode')
  const svg = await lib.toString(uri, { type: 'svg', margin: 0, errorCorrectionLevel: 'M', color: { dark: '#0f172a', light: '#ffffff' } })
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

/** A scannable QR code, always dark on white (in the dark theme too) so every camera reads it. */
export function TotpQrCode({ uri }: { uri: string }) {
  const [result, setResult] = useState<{ uri: string; src: string | null } | null>(null)

  useEffect(() => {
    let live = true
    qrDataUrl(uri).then(
      (src) => live && setResult({ uri, src }),
      () => live && setResult({ uri, src: null }),
    )
    return () => {
      live = false
    }
  }, [uri])

  const current = result?.uri === uri ? result : null
  return (
    <div className="flex size-48 shrink-0 items-center justify-center rounded-xl border bg-white p-3 shadow-sm">
      {!current ? (
        <Skeleton className="size-full bg-slate-200" />
      ) : current.src ? (
        <img src={current.src} alt="QR code to scan with your authenticator app" className="size-full" width={168} height={168} />
      ) : (
        <div className="flex flex-col items-center gap-2 p-2 text-center text-xs text-slate-600">
          <QrCode className="size-6" aria-hidden="true" />
          The QR code could not be drawn. Enter the setup key instead.
        </div>
      )}
    </div>
  )
}
