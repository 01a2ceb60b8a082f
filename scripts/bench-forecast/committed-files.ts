// The two files the benchmark keeps in src/server/forecast: the model it learned
// (learned-forecast-model.ts, whole) and the gate's measured rows (between the markers of
// forecast-gate.ts). --write writes them; --check compares them with this run's.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { ForecastModel } from '#server/forecast/forecast-model.ts'
import type { GateRow } from '#server/forecast/forecast-gate.ts'

const DIR = path.resolve(import.meta.dirname, '../../src/server/forecast')
export const MODEL_FILE = path.join(DIR, 'learned-forecast-model.ts')
export const GATE_FILE = path.join(DIR, 'forecast-gate.ts')
const BEGIN = '// BEGIN MEASURED (written by the benchmark)\n'
const END = '// END MEASURED\n'

export function renderModel(model: ForecastModel, about: string): string {
  const rows = model.counts.map((row) => `    [${row.map((cell) => `[${cell.join(', ')}]`).join(', ')}],`).join('\n')
  return [
    '// Written by `npm run bench:forecast -- --write`; checked by `npm run bench:forecast -- --check`.',
    `// ${about}`,
    "import type { ForecastModel } from './forecast-model.ts'",
    '',
    '/** counts[days-to-departure bucket][price-position bucket] = [rise, drop, none] (forecast-features.ts). */',
    'export const LEARNED_FORECAST_MODEL: ForecastModel = {',
    '  counts: [',
    rows,
    '  ],',
    `  dropDepth: ${model.dropDepth},`,
    '}',
    '',
  ].join('\n')
}

export function renderGateRows(rows: readonly GateRow[]): string {
  const line = (r: GateRow) =>
    `  { haul: '${r.haul}', days: '${r.days}', predictions: ${r.predictions}, accuracy: ${r.accuracy}, baseline: ${r.baseline}, bestConstant: ${r.bestConstant}, kayak: ${r.kayak}, kayakBaseline: ${r.kayakBaseline}, shown: ${r.shown} },`
  return `export const FORECAST_GATE: readonly GateRow[] = [\n${rows.map(line).join('\n')}\n]\n`
}

function gateFileWith(rows: readonly GateRow[]): string {
  const text = readFileSync(GATE_FILE, 'utf8')
  const from = text.indexOf(BEGIN)
  const to = text.indexOf(END)
  if (from < 0 || to < from) throw new Error(`${GATE_FILE} has lost its measured-rows markers`)
  return text.slice(0, from + BEGIN.length) + renderGateRows(rows) + text.slice(to)
}

export function writeCommitted(model: string, rows: readonly GateRow[]): void {
  writeFileSync(MODEL_FILE, model)
  writeFileSync(GATE_FILE, gateFileWith(rows))
}

/** The committed files that differ from this run's, by name. */
export function differingCommitted(model: string, rows: readonly GateRow[]): string[] {
  const out: string[] = []
  if (readFileSync(MODEL_FILE, 'utf8') !== model) out.push(path.relative(process.cwd(), MODEL_FILE))
  if (readFileSync(GATE_FILE, 'utf8') !== gateFileWith(rows)) out.push(path.relative(process.cwd(), GATE_FILE))
  return out
}
