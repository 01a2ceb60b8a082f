import { Loader2 } from 'lucide-react'

export default function AuthCallbackPage() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 py-24" role="status">
      <title>Signing you in · FareDrop</title>
      <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
      <p className="text-muted-foreground">Completing sign-in…</p>
    </div>
  )
}
