// The core's size, quickly, from the TypeScript sources (no build needed): `node bench/size.mjs`.
// `npm run bench` measures the built dist/esm instead; both bundle the same way (see targets/package.mjs).
import { resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { coreSize, mcpSize, sizeBySource, SIZE_LIMIT } from "./targets/package.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const entry = process.argv[2] ?? resolve(root, "lib/index.ts");
const size = await coreSize(entry);
const peer = await mcpSize();
console.log(`import "toolnexus" loads ${size.minified} B minified, ${size.gzipped} B gzipped: ${(size.gzipped / peer.gzipped).toFixed(3)}x of MCP's CallToolResultSchema with zod (${peer.gzipped} B gzipped; bound ${SIZE_LIMIT}x)`);
console.log(`lazy chunks (none expected): ${size.lazyMinified} B minified, ${size.lazyGzipped} B gzipped`);
for (const row of await sizeBySource()) console.log(`${String(row.bytes).padStart(7)}  ${row.file}${row.lazy ? "  (lazy)" : ""}`);
