// Timing and reporting for scripts/bench-search.ts: run a function over inputs, keep every sample
// (performance.now(), milliseconds), and print count, mean, p50 and p95 beside a target.

export interface Row {
  label: string
  samples: number[]
  /** p95 must be at or under this many milliseconds; null = informative only. */
  targetMs: number | null
}

/** Nearest-rank percentile of ascending samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!
}

export function summary(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const mean = sorted.reduce((sum, v) => sum + v, 0) / Math.max(1, sorted.length)
  return { count: sorted.length, mean, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? NaN }
}

/** Calls `fn` once per input (in order), timing each call. */
export async function timeEach<T>(inputs: readonly T[], fn: (input: T) => unknown): Promise<number[]> {
  const samples: number[] = []
  for (const input of inputs) {
    const started = performance.now()
    await fn(input)
    samples.push(performance.now() - started)
  }
  return samples
}

/** The same for synchronous work, without an await per call (a microtask would add to the figure). */
export function timeEachSync<T>(inputs: readonly T[], fn: (input: T) => unknown): number[] {
  const samples: number[] = []
  for (const input of inputs) {
    const started = performance.now()
    fn(input)
    samples.push(performance.now() - started)
  }
  return samples
}

const ms = (value: number) => (value < 1 ? value.toFixed(3) : value < 10 ? value.toFixed(2) : value.toFixed(1))

/** Prints one section's rows as an aligned table and returns how many rows missed their target. */
export function printSection(title: string, rows: readonly Row[]): number {
  console.log(`\n${title}`)
  const width = Math.max(...rows.map((row) => row.label.length))
  console.log(`  ${'what'.padEnd(width)}  ${'n'.padStart(5)}  ${'mean'.padStart(8)}  ${'p50'.padStart(8)}  ${'p95'.padStart(8)}  ${'max'.padStart(8)}  target (p95)`)
  let missed = 0
  for (const row of rows) {
    const s = summary(row.samples)
    const verdict = row.targetMs === null ? '' : s.p95 <= row.targetMs ? `<= ${row.targetMs} ms  PASS` : `<= ${row.targetMs} ms  FAIL`
    if (row.targetMs !== null && s.p95 > row.targetMs) missed += 1
    const cells = [s.mean, s.p50, s.p95, s.max].map((v) => `${ms(v)} ms`.padStart(8))
    console.log(`  ${row.label.padEnd(width)}  ${String(s.count).padStart(5)}  ${cells.join('  ')}  ${verdict}`)
  }
  return missed
}
