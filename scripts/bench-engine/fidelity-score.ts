// Scoring of the fidelity run (scripts/bench-engine/fidelity.ts) against the simulator's ground
// truth, sampled hourly. Definitions (also in docs/benchmarks.md):
// - below(s): the true cheapest price of the alert's search at hourly sample s is at or under its target.
// - run: maximal stretch of consecutive below samples. Runs separated by fewer than GAP samples above
//   the target (a rise no 12-hourly check is sure to see) form one episode.
// - qualifying episode: contains a run of at least GAP samples (it lasted at least one check interval:
//   12 h + at most 30 min jitter, checks land on the hourly step, so any run of 13 samples holds a check).
// - notified: every channel the alert chose (and its plan allows) got a notice at a sample inside the episode.
// - false notice: a notice at a sample where the truth is above the target.
// - duplicate: a notice on a channel after an earlier one on that channel that the documented rule does
//   not allow: no check recorded a price above the target in between (re-arm), and the price is not a
//   further drop of >= 5 % and >= 1 unit below the previous notice; or two notices in one sample.

export const GAP = 13

export interface ScoredAlert {
  id: string
  target: number
  /** Channels that must be told. */
  channels: string[]
  /** True cheapest price per hourly sample (null: nothing sold). */
  truth: ReadonlyArray<number | null>
}

export interface Notice {
  alertId: string
  channel: string
  price: number
  step: number
}

export interface FidelityScore {
  episodes: number
  qualifying: number
  notifiedQualifying: number
  /** Qualifying episodes missed (alert ids and first sample), for a look. */
  missed: Array<{ alertId: string; from: number; to: number }>
  notices: number
  falseNotices: number
  priceMismatches: number
  duplicates: number
}

function episodesOf(below: readonly boolean[]): Array<{ from: number; to: number; longest: number }> {
  const runs: Array<{ from: number; to: number }> = []
  for (let s = 0; s < below.length; s++) {
    if (!below[s]) continue
    const last = runs.at(-1)
    if (last && last.to === s - 1) last.to = s
    else runs.push({ from: s, to: s })
  }
  const out: Array<{ from: number; to: number; longest: number }> = []
  for (const run of runs) {
    const last = out.at(-1)
    const length = run.to - run.from + 1
    if (last && run.from - last.to - 1 < GAP) {
      last.to = run.to
      last.longest = Math.max(last.longest, length)
    } else out.push({ ...run, longest: length })
  }
  return out
}

export function scoreFidelity(
  alerts: readonly ScoredAlert[],
  notices: readonly Notice[],
  /** Per alert: prices its checks recorded, with their sample. */
  records: ReadonlyMap<string, ReadonlyArray<{ step: number; price: number }>>,
): FidelityScore {
  const byAlert = new Map<string, Notice[]>()
  for (const n of notices) byAlert.set(n.alertId, [...(byAlert.get(n.alertId) ?? []), n])
  const score: FidelityScore = { episodes: 0, qualifying: 0, notifiedQualifying: 0, missed: [], notices: notices.length, falseNotices: 0, priceMismatches: 0, duplicates: 0 }

  for (const alert of alerts) {
    const below = alert.truth.map((p) => p !== null && p <= alert.target)
    const mine = (byAlert.get(alert.id) ?? []).sort((a, b) => a.step - b.step)
    for (const episode of episodesOf(below)) {
      score.episodes++
      if (episode.longest < GAP) continue
      score.qualifying++
      const told = alert.channels.every((channel) => mine.some((n) => n.channel === channel && n.step >= episode.from && n.step <= episode.to))
      if (told) score.notifiedQualifying++
      else score.missed.push({ alertId: alert.id, from: episode.from, to: episode.to })
    }
    for (const n of mine) {
      if (!below[n.step]) score.falseNotices++
      const truth = alert.truth[n.step]
      if (truth === null || truth === undefined || Math.abs(truth - n.price) > 0.005) score.priceMismatches++
    }
    const checks = records.get(alert.id) ?? []
    for (const channel of new Set(mine.map((n) => n.channel))) {
      const list = mine.filter((n) => n.channel === channel)
      for (let i = 1; i < list.length; i++) {
        const prev = list[i - 1]!
        const cur = list[i]!
        const rearmed = checks.some((c) => c.step > prev.step && c.step < cur.step && c.price > alert.target)
        const prevCents = Math.round(prev.price * 100)
        const curCents = Math.round(cur.price * 100)
        const furtherDrop = curCents * 100 <= prevCents * 95 && prevCents - curCents >= 100
        if (cur.step === prev.step || !(rearmed || furtherDrop)) score.duplicates++
      }
    }
  }
  return score
}
