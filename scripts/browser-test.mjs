// The core in a real browser. Bundles the page script in scripts/browser/ with the package's core the way a
// web app's build does (esbuild, `platform: "browser"`, importing `toolnexus` by its name, which resolves to
// dist/esm/index.js), serves it on 127.0.0.1 with node's http module, opens it in headless Chromium through
// playwright-core, asserts the checks the page ran (ContentParts from a Blob, a File, a stream and bytes,
// ToolResults built, compared and round-tripped through JSON, no `Buffer`), and saves a screenshot of the page
// to test-results/browser/. Run by `npm run test:browser` (which builds first); exits non-zero on any failure.
//
// Environment: CHROMIUM (default /usr/bin/chromium, Debian's package), BROWSER_TEST_TIMEOUT_MS (default 60000).
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { chromium } from "playwright-core";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pageDir = join(root, "scripts/browser");
const outDir = join(root, "test-results/browser");
const screenshotPath = join(outDir, "toolnexus-browser.png");
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const timeoutMs = Number(process.env.BROWSER_TEST_TIMEOUT_MS ?? 60_000);

// Every check the page must report; a page that skipped one fails as surely as one that failed it.
const EXPECTED = [
  "no Node globals (Buffer, process, require)",
  "ContentPart.image(Blob)",
  "ContentPart.from(File) of a PNG",
  "ContentPart.image(ReadableStream), sniffed",
  "sources recognised by what they are: a URL object, look-alikes refused",
  "ContentPart.file(File) of a PDF is named by the File",
  "ContentPart.fromBytes(Uint8Array) equals the Blob's part",
  "part.bytes() and toDataUrl() decode in the browser",
  "base64 in other spellings is stored canonical",
  "errors are typed: too-large, mime-mismatch, unsupported path",
  "ToolResult ok, error and pending",
  "ToolResult equals",
  "JSON round trip",
  "immer recipes",
];

// Flags that work on this machine (see the toolchain notes): no sandbox as root, no GPU, and no background
// connections, which the closed network here refuses.
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const failures = [];
const fail = (message) => {
  failures.push(message);
  console.error(`FAIL ${message}`);
};
const started = Date.now();
const guard = setTimeout(() => {
  console.error(`browser test: no result after ${timeoutMs} ms, giving up`);
  process.exit(1);
}, timeoutMs + 15_000);
guard.unref();

/** Bundles the page as a web app would, and checks that no `node:` module got into the bundle. */
async function bundlePage() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [join(pageDir, "page.mjs")],
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
    // Resolve `toolnexus` through package.json as an app would, not through this repo's tsconfig `paths`.
    tsconfigRaw: {},
  });
  // A warning here is one every app that bundles the package would print in its own build.
  for (const w of result.warnings) {
    const at = w.location ? ` at ${w.location.file}:${w.location.line} (${w.location.lineText.trim()})` : "";
    fail(`esbuild warning${at}: ${w.text}`);
  }
  const inputs = Object.keys(result.metafile.inputs);
  if (!inputs.includes("dist/esm/index.js")) fail(`"toolnexus" did not resolve to dist/esm/index.js; inputs: ${inputs.join(", ")}`);
  const fromNode = inputs.filter((i) => i.startsWith("node:") || i.startsWith("lib/"));
  if (fromNode.length > 0) fail(`the bundle took in ${fromNode.join(", ")}`);
  const code = result.outputFiles[0].text;
  // The core's only `node:` reference is the dynamic import of node:fs/promises inside a try, left in place.
  // The import carries `/* webpackIgnore: true */` (for webpack, Temporal's bundler), which esbuild keeps.
  const nodeRefs = [...code.matchAll(/["']node:[^"']+["']/g)].map((m) => code.slice(Math.max(0, m.index - 60), m.index + m[0].length + 20));
  const unexpected = nodeRefs.filter((r) => !/import\(\s*(?:\/\*[^*]*\*\/\s*)?["']node:fs\/promises["']\s*\)/.test(r));
  if (unexpected.length > 0) fail(`the bundle refers to node: modules other than through the dynamic import: ${unexpected.join(" | ")}`);
  return { code, nodeRefs: nodeRefs.length };
}

/** The core alone, minified as a production web build would ship it, for the size line in the log. */
async function coreSize() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ["dist/esm/index.js"],
    bundle: true,
    platform: "browser",
    format: "esm",
    minify: true,
    write: false,
    tsconfigRaw: {},
    logLevel: "silent",
  });
  const bytes = result.outputFiles[0].contents;
  return { min: bytes.length, gzip: gzipSync(bytes).length };
}

function serve(files) {
  const server = createServer((req, res) => {
    const path = new URL(req.url, "http://127.0.0.1").pathname;
    const file = files[path];
    if (file === undefined) {
      res.writeHead(path === "/favicon.ico" ? 204 : 404).end();
      return;
    }
    res.writeHead(200, {
      "content-type": file.type,
      "cache-control": "no-store",
      // The bundle must run without eval, inline script or any other origin.
      "content-security-policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'",
    });
    res.end(file.body);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

async function main() {
  const size = await coreSize();
  const page = await bundlePage();
  console.log(
    `esbuild: page bundle ${page.code.length} bytes; core alone ${size.min} bytes minified, ${size.gzip} gzipped; ` +
      `${page.nodeRefs} node: reference(s), all inside the dynamic import`,
  );

  const server = await serve({
    "/": { type: "text/html; charset=utf-8", body: await readFile(join(pageDir, "index.html")) },
    "/page.css": { type: "text/css; charset=utf-8", body: await readFile(join(pageDir, "page.css")) },
    "/page.js": { type: "text/javascript; charset=utf-8", body: page.code },
  });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const userDataDir = await mkdtemp(join(tmpdir(), "toolnexus-chromium-"));
  let context;
  let tab;
  let shot = false;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath,
      headless: true,
      args: CHROMIUM_FLAGS,
      viewport: { width: 960, height: 720 },
      timeout: timeoutMs,
    });
    // The page may load nothing but its own origin.
    await context.route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith(`${origin}/`)) return route.continue();
      fail(`the page requested ${url}`);
      return route.abort();
    });
    tab = context.pages()[0] ?? (await context.newPage());
    tab.on("pageerror", (e) => fail(`uncaught in the page: ${e.message}`));
    tab.on("console", (m) => {
      if (m.type() === "error") console.log(`  page console: ${m.text()}`);
    });
    await tab.goto(`${origin}/`, { timeout: timeoutMs });
    await tab.waitForFunction(() => document.body.dataset.done === "true", undefined, { timeout: timeoutMs });
    const agent = await tab.evaluate(() => navigator.userAgent);
    console.log(`browser: ${agent.match(/(Headless)?Chrom(e|ium)\/[\d.]+/)?.[0] ?? agent} at ${executablePath}`);

    const results = await tab.evaluate(() => window.toolnexusResults);
    for (const r of results) console.log(`  ${r.ok ? "pass" : "FAIL"}  ${r.name}${r.detail ? `: ${r.detail}` : ""}`);
    for (const r of results) if (!r.ok) fail(`page check "${r.name}": ${r.detail}`);
    const names = results.map((r) => r.name);
    for (const name of EXPECTED) if (!names.includes(name)) fail(`the page did not run "${name}"`);
    for (const name of names) if (!EXPECTED.includes(name)) fail(`the page ran "${name}", which this script does not expect`);
    const summary = await tab.textContent("#summary");
    const passed = results.filter((r) => r.ok).length;
    if (summary !== `${passed} of ${results.length} checks passed`) fail(`the page shows "${summary}"`);

    await mkdir(outDir, { recursive: true });
    await tab.screenshot({ path: screenshotPath, fullPage: true });
    shot = true;
    console.log(`screenshot: ${relative(root, screenshotPath)}`);
  } finally {
    // When the page never finished, a picture of where it stopped still helps.
    if (!shot && tab !== undefined) {
      await mkdir(outDir, { recursive: true });
      await tab.screenshot({ path: screenshotPath, fullPage: true, timeout: 5_000 }).then(
        () => console.log(`screenshot (of the unfinished page): ${relative(root, screenshotPath)}`),
        () => undefined,
      );
    }
    await context?.close().catch(() => undefined);
    server.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (e) {
  fail(e instanceof Error ? (e.stack ?? e.message) : String(e));
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (failures.length > 0) {
  console.error(`browser test failed (${failures.length} problem(s), ${seconds} s)`);
  process.exit(1);
}
console.log(`browser test passed in ${seconds} s`);
