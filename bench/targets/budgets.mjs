// toolnexus/budgets: reading an image's size touches only its header (a 10 MiB PNG at most 1.2x an 82-byte
// one), and countTokens is linear in the images (at most 10x at 8x the images).
//
// The budgets entry is read from the build (dist/esm/budgets.js) when the build has it; until the entry is
// wired into rollup, lib/ is bundled here with esbuild (the core and the budgets modules in one bundle, so
// that the results measured are genuine to the countTokens that reads them).
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { do_not_optimize } from "mitata";
import { pngBytes, SMALL_PNG, MiB } from "../lib/data.mjs";
import { GROWTH_LIMIT } from "./growth.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** The core and the budgets functions, from the build when it has the entry, else bundled from lib/. */
async function load(core, dist) {
  const built = resolve(dist, "esm/budgets.js");
  if (existsSync(built)) return { ...core, ...(await import(pathToFileURL(built).href)) };
  const { build } = await import("esbuild");
  const outdir = resolve(ROOT, "node_modules/.cache/toolnexus-bench");
  mkdirSync(outdir, { recursive: true });
  const outfile = resolve(outdir, `budgets-${process.pid}.mjs`);
  await build({
    stdin: { contents: 'export * from "./lib/index.ts"; export * from "./lib/budgets/index.ts";', resolveDir: ROOT, loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "neutral",
    packages: "external",
    outfile,
    logLevel: "error",
  });
  try {
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(outfile, { force: true }); // loaded: the file is no longer needed
  }
}

/**
 * @param {typeof import("../../dist/esm/index.js")} core
 * @param {string} dist the build measured
 */
export async function budgetTargets(core, dist) {
  const tn = await load(core, dist);
  const { ContentPart, ToolResult, countTokens, imageDimensions } = tn;
  const options = { mimeType: "image/png" };
  // 10 MiB that start with fixture.png's signature and IHDR (then noise): both sides read the same header.
  const bytes = pngBytes(10 * MiB);
  bytes.set(SMALL_PNG.subarray(0, 33));
  const big = ContentPart.fromBytes(bytes, options);
  const small = ContentPart.fromBytes(SMALL_PNG, options);
  if (imageDimensions(small.data)?.width !== 2 || imageDimensions(big.data)?.width !== 2) throw new Error("bench setup: both PNGs are 2x2");
  const sizeOf = (part) => () => do_not_optimize(imageDimensions(part.data));

  const partsOf = (n) => {
    const image = ContentPart.fromBytes(SMALL_PNG, options);
    const parts = [];
    for (let i = 0; i < n; i++) parts.push(image.withName(`chart-${i}.png`)); // n images, each its own part
    return ToolResult.ok("Rendered the charts.", { parts });
  };
  const target = { provider: "anthropic" };
  const counting = (n) => {
    const r = partsOf(n);
    if (countTokens(r, target).parts.length !== n) throw new Error("bench setup: countTokens must count every part");
    return () => do_not_optimize(countTokens(r, target));
  };

  return [
    {
      id: "dimensions",
      title: "imageDimensions(part.data), 10 MiB PNG vs 82 bytes",
      limit: 1.2,
      baseline: { label: "imageDimensions(part.data), 82 bytes", fn: sizeOf(small) },
      candidate: { label: "imageDimensions(part.data), 10 MiB", fn: sizeOf(big) },
    },
    {
      id: "growth-countTokens",
      title: "growth: countTokens(result, { provider: \"anthropic\" }), 1000 vs 8000 images",
      limit: GROWTH_LIMIT,
      prepare: () => ({
        baseline: { label: "1000 images", fn: counting(1000) },
        candidate: { label: "8000 images", fn: counting(8000) },
      }),
    },
  ];
}
