import { ProviderError } from '../flights/provider.ts'

/** The provider call under a deadline; a late answer is a retryable 'timeout'. */
export async function withTimeout<T>(providerId: string, timeoutMs: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = AbortSignal.timeout(timeoutMs)
  let onAbort: (() => void) | undefined
  const timedOut = new Promise<never>((_, reject) => {
    onAbort = () => reject(new ProviderError('timeout', providerId, `No answer within ${timeoutMs} ms`))
    signal.addEventListener('abort', onAbort, { once: true })
  })
  try {
    return await Promise.race([run(signal), timedOut])
  } finally {
    signal.removeEventListener('abort', onAbort!)
  }
}
