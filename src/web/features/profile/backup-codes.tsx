import { Download, TriangleAlert } from 'lucide-react'
import { Button } from '../../components/ui/button.tsx'
import { Notice } from '../../components/notice.tsx'
import { CopyButton } from '../../components/copy-button.tsx'

function download(codes: string[]) {
  const text = `FareDrop backup codes\nEach code can be used once to sign in without your authenticator app.\n\n${codes.join('\n')}\n`
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
  const link = document.createElement('a')
  link.href = url
  link.download = 'faredrop-backup-codes.txt'
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** Freshly issued backup codes, shown once, with copy and download. */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <Notice tone="warning" icon={TriangleAlert}>
        <p className="font-medium">Save your backup codes now</p>
        <p>
          Each code signs you in once if you lose your phone. We only show them this one time, so keep them somewhere safe, such as a
          password manager.
        </p>
      </Notice>
      <ol aria-label="Backup codes" className="grid grid-cols-1 gap-2 rounded-lg border bg-muted/40 p-4 font-mono text-sm min-[400px]:grid-cols-2 xl:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-background px-3 py-1.5 text-center tracking-wider select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <CopyButton text={codes.join('\n')} label="Copy codes" />
        <Button type="button" variant="outline" size="sm" onClick={() => download(codes)}>
          <Download aria-hidden="true" />
          Download
        </Button>
        <Button type="button" size="sm" className="sm:ml-auto" onClick={onDone}>
          I've saved my codes
        </Button>
      </div>
    </div>
  )
}
