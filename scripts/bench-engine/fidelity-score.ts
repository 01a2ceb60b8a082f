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
//
// Bag-inclusive alerts (fidelity-extras.ts) are scored by scoreFidelity as above, their truth being
// their own search's cheapest fare (carry-ons asked as the search's bags) plus the checked bags at
// the fees that fare's booking options publish, and null where the fee is unpublished (so any
// notice there is false).
//
// Flexible-date alerts (decision 055), scoreWindows, against each date pair's own truth. A check
// searches a round-robin slice of the window plus the incumbent (the cheapest pair seen lately), so
// a pair is looked at only once a sweep: a dip shorter than the sweep may pass unseen by design.
// - W(s): the window's true cheapest at sample s, the least of every pair's own search's cheapest.
// - episode: as above on W (below = W at or under target; runs of W apart by fewer than one check
//   interval of samples merged).
// - sweep period: N consecutive checks price every pair once (date-window.ts windowCost
//   checksToCover, the documented promise: ceil(pairs / searches a check) for the sweep, 1 where a
//   fare calendar prices the window every check). A check interval is at most I samples (13 for
//   12 h checks), so any N·I consecutive samples hold N consecutive checks.
// - qualifying episode: it contains a stretch of at least N·I samples during which ONE pair is at or
//   under target throughout: the sweep must have searched that pair while it was, and the check
//   that did sees a price at or under target. (W below that long through different pairs is not
//   enough: each pair may have been searched while above. Episodes with W below for at least one
//   interval that don't qualify are counted apart, for information.)
// - notified: every channel got a notice at a sample inside the episode (naming any pair).
// - false notice: the pair the notice names (its dates) has a true price above the target (or none)
//   at that sample. Price mismatch: the notice's price is not that pair's true price at that sample.
//   Not the window's cheapest (information): the notice's price is above W at that sample (the sweep
//   had not looked at the cheaper pair).
// - duplicates: the rule above, on the alert's recorded prices (the cheapest of each check's pairs).

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

function episodesOf(below: readonly boolean[], gap = GAP): Array<{ from: number; to: number; longest: number }> {
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
    if (last && run.from - last.to - 1 < gap) {
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
    score.duplicates += duplicatesOf(mine, records.get(alert.id) ?? [], alert.target)
  }
  return score
}

/** Notices of one alert (by sample) beyond the rule of decision 013, given the prices its checks recorded. */
function duplicatesOf(mine: readonly Notice[], checks: ReadonlyArray<{ step: number; price: number }>, target: number): number {
  let duplicates = 0
  for (const channel of new Set(mine.map((n) => n.channel))) {
    const list = mine.filter((n) => n.channel === channel)
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1]!
      const cur = list[i]!
      const rearmed = checks.some((c) => c.step > prev.step && c.step < cur.step && c.price > target)
      const prevCents = Math.round(prev.price * 100)
      const curCents = Math.round(cur.price * 100)
      const furtherDrop = curCents * 100 <= prevCents * 95 && prevCents - curCents >= 100
      if (cur.step === prev.step || !(rearmed || furtherDrop)) duplicates++
    }
  }
  return duplicates
}

export interface WindowAlert {
  id: string
  target: number
  channels: string[]
  /** By pair key ("dep|ret", one way "dep|"): the pair's true cheapest per sample (null: nothing sold). */
  pairs: ReadonlyMap<string, ReadonlyArray<number | null>>
  /** Consecutive checks the sweep needs to search every pair once. */
  sweepChecks: number
  /** The most samples between two consecutive checks (13 for 12 h checks). */
  intervalSamples: number
}

export interface WindowNotice extends Notice {
  /** The pair the notice names. */
  pair: string
}

export interface WindowScore extends FidelityScore {
  /** Episodes with W at or under target for at least one interval that do not qualify: all, and notified anyway. */
  shortEpisodes: number
  shortNotified: number
  /** Notices whose price is above the window's true cheapest at that sample (a cheaper pair not yet swept). */
  notCheapest: number
}

/** The window's true cheapest at each sample. */
export function windowCheapest(pairs: ReadonlyMap<string, ReadonlyArray<number | null>>): Array<number | null> {
  const series = [...pairs.values()]
  const length = Math.max(0, ...series.map((s) => s.length))
  return Array.from({ length }, (_, s) => series.reduce<number | null>((min, prices) => {
    const p = prices[s] ?? null
    return p !== null && (min === null || p < min) ? p : min
  }, null))
}

/** Longest stretch of consecutive samples inside [from, to] with one pair at or under `target` throughout. */
export function longestPairRun(pairs: ReadonlyMap<string, ReadonlyArray<number | null>>, target: number, from: number, to: number): number {
  let longest = 0
  for (const prices of pairs.values()) {
    let run = 0
    for (let s = from; s <= to; s++) {
      const p = prices[s] ?? null
      run = p !== null && p <= target ? run + 1 : 0
      longest = Math.max(longest, run)
    }
  }
  return longest
}

export function scoreWindows(
  alerts: readonly WindowAlert[],
  notices: readonly WindowNotice[],
  records: ReadonlyMap<string, ReadonlyArray<{ step: number; price: number }>>,
): WindowScore {
  const byAlert = new Map<string, WindowNotice[]>()
  for (const n of notices) byAlert.set(n.alertId, [...(byAlert.get(n.alertId) ?? []), n])
  const score: WindowScore = { episodes: 0, qualifying: 0, notifiedQualifying: 0, missed: [], notices: notices.length, falseNotices: 0, priceMismatches: 0, duplicates: 0, shortEpisodes: 0, shortNotified: 0, notCheapest: 0 }
  for (const alert of alerts) {
    const cheapest = windowCheapest(alert.pairs)
    const below = cheapest.map((p) => p !== null && p <= alert.target)
    const mine = (byAlert.get(alert.id) ?? []).sort((a, b) => a.step - b.step)
    const needed = alert.sweepChecks * alert.intervalSamples
    for (const episode of episodesOf(below, alert.intervalSamples)) {
      score.episodes++
      const told = alert.channels.every((channel) => mine.some((n) => n.channel === channel && n.step >= episode.from && n.step <= episode.to))
      if (longestPairRun(alert.pairs, alert.target, episode.from, episode.to) >= needed) {
        score.qualifying++
        if (told) score.notifiedQualifying++
        else score.missed.push({ alertId: alert.id, from: episode.from, to: episode.to })
      } else if (episode.longest >= alert.intervalSamples) {
        score.shortEpisodes++
        if (told) score.shortNotified++
      }
    }
    for (const n of mine) {
      const truth = alert.pairs.get(n.pair)?.[n.step] ?? null
      if (truth === null || truth > alert.target) score.falseNotices++
      if (truth === null || Math.abs(truth - n.price) > 0.005) score.priceMismatches++
      const least = cheapest[n.step] ?? null
      if (least !== null && n.price > least + 0.005) score.notCheapest++
    }
    score.duplicates += duplicatesOf(mine, records.get(alert.id) ?? [], alert.target)
  }
  return score
}
