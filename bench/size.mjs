// The core's size, quickly, from the TypeScript sources (no build needed): `node bench/size.mjs`.
// `npm run bench` measures the built dist/esm instead; both bundle the same way (see targets/package.mjs).
import { resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { coreSize, sizeBySource } from "./targets/package.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const entry = process.argv[2] ?? resolve(root, "lib/index.ts");
const size = await coreSize(entry);
console.log(`import "toolnexus" loads ${size.minified} B minified, ${size.gzipped} B gzipped (budget 8192 B)`);
console.log(`lazy chunks (async readers): ${size.lazyMinified} B minified, ${size.lazyGzipped} B gzipped`);
for (const row of await sizeBySource()) console.log(`${String(row.bytes).padStart(7)}  ${row.file}${row.lazy ? "  (lazy)" : ""}`);
