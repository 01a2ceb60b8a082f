// How much slower one process runs while a second one runs beside it, for pure computation and for
// memory copies: printed beside the two-workers-against-one figure, because a worker is as much
// memory traffic (allocation, the collector's copying, JSON) as computation: on a machine whose
// cores share little memory bandwidth, two workers fall short of twice one by about this much unless
// the engine moves less memory per alert.
// Each probe is a fresh `node -e` process; the figure is the mean time of two at once over one alone.
import { execFile } from 'node:child_process'

const PROBES = {
  // Arithmetic on a 512 KiB array: stays in each core's own caches.
  compute: 'let x=0;const a=new Float64Array(1<<16);for(let i=0;i<1e8;i++){x=(x*1103515245+12345)%2147483647;a[i&65535]+=x}',
  // Copies between two 256 MiB buffers: every byte goes through main memory.
  memory: 'const a=Buffer.alloc(256<<20,1),b=Buffer.alloc(256<<20);a.copy(b);for(let i=0;i<20;i++){a.copy(b);b[i]=i}',
} as const

export type ScalingProbe = keyof typeof PROBES

function timed(code: string): Promise<number> {
  const script = `const t=process.hrtime.bigint();${code};process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e9))`
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script], (error, stdout) => (error ? reject(error) : resolve(Number(stdout))))
  })
}

/** Per probe: a process's time while another runs the same at once, over its time alone (1 = no slowdown). */
export async function machineScaling(): Promise<Record<ScalingProbe, number>> {
  const out = {} as Record<ScalingProbe, number>
  for (const [name, code] of Object.entries(PROBES) as Array<[ScalingProbe, string]>) {
    const alone = await timed(code)
    const pair = await Promise.all([timed(code), timed(code)])
    out[name] = (pair[0]! + pair[1]!) / 2 / alone
  }
  return out
}
