// The benchmark's printout: the 3-way accuracy against "always no clear signal", KAYAK's question
// against "always rise or stay", and the gate's table per haul and days band.
import { DAYS_BANDS, HAUL_KINDS } from '#server/forecast/forecast-kind.ts'
import type { GateRow } from '#server/forecast/forecast-gate.ts'
import type { AskedForecast } from './forecasts.ts'
import { score, type Score } from '#server/forecast/forecast-score.ts'

const pct = (v: number) => `${(100 * v).toFixed(1)} %`
const pad = (s: string, n: number) => s.padEnd(n)
const lpad = (s: string, n: number) => s.padStart(n)

export function printScore(label: string, s: Score): void {
  const said = (k: 'rise' | 'drop' | 'none') => `${k} ${s.said[k].count} (${pct(s.said[k].count ? s.said[k].right / s.said[k].count : 0)} right)`
  console.log(`\n${label}: ${s.predictions} forecasts scored`)
  console.log(`  3-way accuracy ${pct(s.accuracy)} against ${pct(s.baseline)} for "always no clear signal" (the best constant answer: ${pct(s.bestConstant)})`)
  console.log(`  said: ${said('rise')}, ${said('drop')}, ${said('none')}`)
  console.log(`  happened: rise ${s.happened.rise}, drop ${s.happened.drop}, none ${s.happened.none}`)
  console.log(`  KAYAK's question ("rise or stay within $20 over 7 days"): ${pct(s.kayak)} against ${pct(s.kayakBaseline)} for "always rise or stay"; KAYAK published 73 %`)
  const when = s.kayakWhenRise
  console.log(`  … when we said "likely to rise" (KAYAK's "buy"): ${pct(when.count ? when.right / when.count : 0)} of ${when.count}`)
}

export function printGate(rows: readonly GateRow[]): void {
  console.log('\nPer kind of trip (the gate, src/server/forecast/forecast-gate.ts):')
  console.log(`  ${pad('haul', 12)} ${pad('days out', 11)} ${lpad('forecasts', 9)} ${lpad('accuracy', 9)} ${lpad('always none', 11)} ${lpad('best const.', 11)} ${lpad('KAYAK q.', 9)} ${lpad('always stay', 11)}  shown`)
  for (const r of rows) {
    console.log(
      `  ${pad(r.haul, 12)} ${pad(r.days, 11)} ${lpad(String(r.predictions), 9)} ${lpad(pct(r.accuracy), 9)} ${lpad(pct(r.baseline), 11)} ${lpad(pct(r.bestConstant), 11)} ${lpad(pct(r.kayak), 9)} ${lpad(pct(r.kayakBaseline), 11)}  ${r.shown ? 'yes' : 'no'}`,
    )
  }
}

export function printBreakdowns(forecasts: readonly AskedForecast[], rows: readonly GateRow[], dropDepth: number): void {
  console.log('\nBy haul and by days out:')
  for (const haul of HAUL_KINDS) line(haul, score(forecasts.filter((f) => f.haul === haul), dropDepth))
  for (const days of DAYS_BANDS) line(days, score(forecasts.filter((f) => f.days === days), dropDepth))
  const shownKinds = new Set(rows.filter((r) => r.shown).map((r) => `${r.haul}|${r.days}`))
  const shown = forecasts.filter((f) => shownKinds.has(`${f.haul}|${f.days}`))
  line(`shown (${shownKinds.size} of ${rows.length} kinds)`, score(shown, dropDepth))
}

/** Whether the confidence means what it says: forecasts grouped by confidence, their mean confidence beside their accuracy. */
export function printCalibration(forecasts: readonly AskedForecast[]): void {
  const scored = forecasts.filter((f) => f.truth !== null && f.forecast !== null && f.forecast.confidence > 0)
  console.log('\nConfidence against accuracy (forecasts with any confidence):')
  const edges = [0, 0.4, 0.5, 0.6, 0.7, 0.8, 1.01]
  for (let i = 0; i < edges.length - 1; i++) {
    const group = scored.filter((f) => f.forecast!.confidence >= edges[i]! && f.forecast!.confidence < edges[i + 1]!)
    if (group.length === 0) continue
    const mean = group.reduce((sum, f) => sum + f.forecast!.confidence, 0) / group.length
    const right = group.filter((f) => f.forecast!.signal === f.truth).length / group.length
    console.log(`  confidence ${edges[i]!.toFixed(1)}–${Math.min(1, edges[i + 1]!).toFixed(1)}: ${lpad(String(group.length), 6)} forecasts, mean confidence ${pct(mean)}, right ${pct(right)}`)
  }
}

function line(label: string, s: Score): void {
  console.log(`  ${pad(label, 28)} ${lpad(String(s.predictions), 6)} forecasts  3-way ${lpad(pct(s.accuracy), 7)} vs ${lpad(pct(s.baseline), 7)} (best const. ${lpad(pct(s.bestConstant), 7)})   KAYAK q. ${lpad(pct(s.kayak), 7)} vs ${lpad(pct(s.kayakBaseline), 7)}`)
}
