// Run counts for the property suite. CI runs a moderate number per property; `npm run test:deep` sets
// FC_NUM_RUNS=100000. FC_SEED replays a failing run (fast-check prints the seed and path on failure).
import fc from "fast-check";

const parsed = Number(process.env.FC_NUM_RUNS);

/** Runs per property: FC_NUM_RUNS, else 200. */
export const RUNS = Number.isInteger(parsed) && parsed > 0 ? parsed : 200;

const seed = Number(process.env.FC_SEED);
fc.configureGlobal({ numRuns: RUNS, ...(Number.isInteger(seed) ? { seed } : {}) });

/**
 * A Jest timeout for one property, scaled to the run count: the CI default finishes in seconds, a deep
 * run of 100,000 gets up to 10 ms a run by default (at least 30 s): a loaded machine is slow.
 */
export function timeout(perRunMs = 10): number {
  return Math.max(30_000, Math.ceil(RUNS * perRunMs));
}
