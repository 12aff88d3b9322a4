// Side-by-side measurement: a candidate and its baseline, measured in alternating order over several rounds
// in one process, so that a neighbour's load on a shared machine slows both sides of a round alike.
//
// Each round takes mitata's median time per call (p50) for both functions and divides them; the result of a
// target is the median of its per-round ratios, and its spread (half the interquartile range of those ratios)
// is the noise that `--check` allows for.
import { measure } from "mitata";

/** The fraction of a limit always allowed as noise, however steady the rounds looked. */
export const NOISE_FLOOR = 0.03;
/** The most noise ever allowed, as a fraction of the limit: a miss beyond it fails whatever the spread. */
export const NOISE_CAP = 0.1;

/** Timing settings per kind of target: nanosecond calls run in batches; megabyte calls one at a time. */
const SETTINGS = {
  // Calls of about 50 ns to 10 us: mitata batches them (4096 calls per sample).
  light: { rounds: 15, measure: { min_cpu_time: 60e6, min_samples: 20 } },
  // Calls of about 1 to 30 ms on megabytes of data: a full collection before each sample, so that the garbage
  // of one call is never collected inside the timing of another.
  heavy: { rounds: 15, measure: { min_cpu_time: 150e6, min_samples: 12, inner_gc: true } },
  // Calls of 0.1 to several seconds (50 MiB payloads; the 8x side of a growth row that grows too fast): few
  // samples, few rounds, so that a slow candidate still finishes, and shows its ratio.
  slow: { rounds: 5, measure: { min_cpu_time: 0, min_samples: 3, max_samples: 3, inner_gc: true } },
};

/** Warm-up calls per side and cycle, by kind (a target may set its own `warm`). */
const WARM = { light: 5000, heavy: 2, slow: 1 };
/** The most time one side's warm-up may take in one cycle, in milliseconds. */
const WARM_MS = 100;

export function median(xs) {
  return quantile(xs, 0.5);
}

export function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return s[lo] + (s[hi] - s[lo]) * (at - lo);
}

/**
 * Runs one ratio target. `target` has `baseline` and `candidate` ({ label, fn }), a `limit` on the ratio
 * candidate / baseline, and a `kind` ("light", "heavy" or "slow"); optionally `rounds`, `warm` (calls per
 * side and warm-up cycle) and `cycles` (warm-up cycles, default 10).
 */
export async function compare(target, options = {}) {
  const settings = SETTINGS[target.kind ?? "light"];
  const rounds = options.rounds ?? target.rounds ?? settings.rounds;
  const batch = {};
  const mopts = () => ({ ...settings.measure, ...batch, ...(options.quick ? { min_cpu_time: settings.measure.min_cpu_time / 4 } : {}) });
  // Warm-up, alternating the two sides so that the JIT sees both before it optimizes what they share: a
  // side warmed alone first would get code tuned to its own shapes, and the other would pay for it.
  const warm = target.warm ?? WARM[target.kind ?? "light"];
  const cycles = target.cycles ?? (target.kind === "slow" ? 1 : 10);
  // Each side's warm-up in a cycle stops after `warm` calls or WARM_MS, whichever comes first: a call of a
  // millisecond (the 8x side of a growth row) must not make the warm-up last minutes.
  const warmSide = (fn) => {
    const t0 = performance.now();
    for (let i = 0; i < warm && (i < 2 || performance.now() - t0 < WARM_MS); i++) fn();
  };
  for (let cycle = 0; cycle < cycles; cycle++) {
    warmSide(target.baseline.fn);
    warmSide(target.candidate.fn);
  }
  if ((target.kind ?? "light") === "light") {
    // Size mitata's batches (calls per sample) so that one sample lasts about 100 us: a neighbour's time
    // slice then lands in few samples, and the median sample stays clean on a busy machine.
    const t0 = performance.now();
    for (let i = 0; i < 200; i++) target.baseline.fn(), target.candidate.fn();
    const perCall = ((performance.now() - t0) * 1e6) / 400;
    batch.batch_samples = Math.max(4, Math.min(4096, Math.floor(100e3 / perCall / 4) * 4));
  }
  const base = [];
  const cand = [];
  const ratios = [];
  for (let r = 0; r < rounds; r++) {
    // Alternate which side goes first, so neither always runs on a freshly collected heap.
    let b;
    let c;
    if (r % 2 === 0) {
      b = (await measure(target.baseline.fn, mopts())).p50;
      c = (await measure(target.candidate.fn, mopts())).p50;
    } else {
      c = (await measure(target.candidate.fn, mopts())).p50;
      b = (await measure(target.baseline.fn, mopts())).p50;
    }
    base.push(b);
    cand.push(c);
    ratios.push(c / b);
  }
  return summarize(target, { base, cand, ratios });
}

/** Ratio statistics and the verdict against the limit. */
export function summarize(target, { base, cand, ratios }) {
  const ratio = median(ratios);
  const q1 = quantile(ratios, 0.25);
  const q3 = quantile(ratios, 0.75);
  const limit = target.limit ?? ratio; // an information row has no limit
  const noise = Math.min(NOISE_CAP * limit, Math.max(NOISE_FLOOR * limit, (q3 - q1) / 2));
  return {
    id: target.id,
    title: target.title,
    baseline: target.baseline.label,
    candidate: target.candidate.label,
    baselineNs: median(base),
    candidateNs: median(cand),
    ratio,
    q1,
    q3,
    rounds: ratios.length,
    limit: target.limit,
    noise,
    status: target.limit === null ? "info" : verdict(ratio, target.limit, noise),
  };
}

/**
 * The noise allowance of a row, as `--check` applies it: `noise` (in units of the ratio), its share of the
 * limit, and how much of it the ratio used (0 when the ratio is within the limit).
 */
export function allowance(ratio, limit, noise) {
  if (limit === null || limit === undefined || noise === undefined || ratio === null || ratio === undefined) return undefined;
  return { noise, share: noise / limit, used: Math.max(0, ratio - limit) };
}

/** "pass" within the limit, "noise" over it by no more than the noise, else "FAIL". */
export function verdict(value, limit, noise) {
  if (value <= limit) return "pass";
  if (value <= limit + noise) return "noise";
  return "FAIL";
}

/** `12.3 ns`, `4.56 us`, `7.89 ms`. */
export function formatTime(ns) {
  if (!Number.isFinite(ns)) return String(ns);
  if (ns < 1e3) return `${ns.toFixed(1)} ns`;
  if (ns < 1e6) return `${(ns / 1e3).toFixed(2)} us`;
  if (ns < 1e9) return `${(ns / 1e6).toFixed(2)} ms`;
  return `${(ns / 1e9).toFixed(2)} s`;
}
