// `npm run bench:forecast`: the buy-or-wait forecast's accuracy, measured (issue 17, decision 052).
// Two replays of the simulated market over 60+ days with fare sales (price shocks), on an injected
// clock: in the first (FareDrop's history: other months, other trips) the model learns from
// observations only; in the second it is asked every day for each watched trip and scored against
// what the market did over the next 7 days. Prints the 3-way accuracy against "always no clear
// signal", KAYAK's published question ("rise or stay within $20 over 7 days", 73 %) on the same
// forecasts, and the per-kind table the gate holds. --write stores the learned model and the gate
// in src/server/forecast; --check exits 1 when they differ from this run's (default options only).
// Options: ROUTES (90), DAYS (60), WINDOWS (3), from the environment or --name=value.
import { cpus, totalmem } from 'node:os'
import { learnForecastModel } from '#server/forecast/forecast-model.ts'
import { gateRows, score } from '#server/forecast/forecast-score.ts'
import { labelledSample } from '#server/forecast/label-moment.ts'
import { differingCommitted, renderModel, writeCommitted } from './bench-forecast/committed-files.ts'
import { isDefault, LEARN_WORLD, readForecastBenchOptions, SCORE_WORLD, WARMUP_DAYS } from './bench-forecast/options.ts'
import { printBreakdowns, printCalibration, printGate, printScore } from './bench-forecast/report.ts'
import { runWorld, type WorldRun } from './bench-forecast/run-world.ts'

const options = readForecastBenchOptions(process.argv.slice(2), process.env)
const cpu = cpus()
console.log('Buy-or-wait forecast benchmark (npm run bench:forecast)')
console.log(`  machine: ${cpu[0]?.model ?? 'cpu'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB; Node ${process.version}`)
console.log(`  date: ${new Date().toISOString()}; options: ROUTES=${options.routes} DAYS=${options.days} WINDOWS=${options.windows}`)
const started = performance.now()

const describe = (label: string, run: WorldRun, start: Date) =>
  console.log(
    `  ${label}: from ${start.toISOString().slice(0, 10)}, ${options.days + WARMUP_DAYS + 7} days, ${run.routes} routes, ${run.trips} trips, ${run.observations} observations, ${run.shocks} fare sales; ${run.marketCalls} market calls in ${run.seconds.toFixed(1)} s`,
  )

const world = (w: typeof LEARN_WORLD) => ({ ...w, routes: options.routes, days: options.days, warmupDays: WARMUP_DAYS, windows: options.windows })
const learnRun = await runWorld(world(LEARN_WORLD), null)
describe('learning replay', learnRun, LEARN_WORLD.start)
// Learned from what FareDrop saw: features from observations, outcomes from later observations.
const samples = learnRun.forecasts.flatMap((f) => labelledSample(f) ?? [])
const model = learnForecastModel(samples)
console.log(`  model: ${samples.length} labelled moments from observations; median observed drop ${(100 * model.dropDepth).toFixed(1)} %`)

const scoreRun = await runWorld(world(SCORE_WORLD), model)
describe('scored replay', scoreRun, SCORE_WORLD.start)

printScore('All forecasts', score(scoreRun.forecasts, model.dropDepth))
const rows = gateRows(scoreRun.forecasts, model.dropDepth)
printGate(rows)
printBreakdowns(scoreRun.forecasts, rows, model.dropDepth)
printCalibration(scoreRun.forecasts)
console.log(`\nTook ${((performance.now() - started) / 1000).toFixed(1)} s`)

const modelText = renderModel(model, `Learned from ${samples.length} moments of the learning replay (ROUTES=${options.routes} DAYS=${options.days} WINDOWS=${options.windows}).`)
if (options.write) {
  writeCommitted(modelText, rows)
  console.log('Wrote src/server/forecast/learned-forecast-model.ts and the gate rows of src/server/forecast/forecast-gate.ts')
}
if (options.check) {
  if (!isDefault(options)) {
    console.error('--check compares with the committed files, which come from the default options: run it without ROUTES, DAYS or WINDOWS')
    process.exit(2)
  }
  const differing = differingCommitted(modelText, rows)
  if (differing.length > 0) {
    console.error(`FAIL: ${differing.join(' and ')} differ from this run (npm run bench:forecast -- --write, then review)`)
    process.exit(1)
  }
  console.log('OK: the committed model and gate match this run')
}
