// The test page's script. Bundled with the package's core by esbuild for `platform: "browser"` (see
// scripts/browser-test.mjs), it runs in headless Chromium, renders a table of checks and leaves the results
// on `window.toolnexusResults` for the driver to assert.
import { Answer, ContentPart, ContentPartError, Request, ToolResult, ValidationError } from "toolnexus";

const results = [];

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

async function check(name, fn) {
  try {
    const detail = await fn();
    results.push({ name, ok: true, detail: detail === undefined ? "" : String(detail) });
  } catch (e) {
    results.push({ name, ok: false, detail: `${e?.name ?? "Error"}: ${e?.message ?? String(e)}` });
  }
}

/** Draws a small picture and encodes it as a PNG Blob with the browser's own encoder. */
function canvasPng() {
  const canvas = document.createElement("canvas");
  canvas.width = 96;
  canvas.height = 64;
  const g = canvas.getContext("2d");
  g.fillStyle = "#0b6bcb";
  g.fillRect(0, 0, 96, 64);
  g.fillStyle = "#ffd33d";
  g.fillRect(12, 12, 32, 40);
  g.fillStyle = "#ffffff";
  g.beginPath();
  g.arc(66, 32, 18, 0, Math.PI * 2);
  g.fill();
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("toBlob gave null"))), "image/png"));
}

/** Base64 the browser's way (btoa), independent of the library's encoder. */
function btoaBytes(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function loadImage(src) {
  return new Promise((resolve, reject) => {
    const img = document.getElementById("preview");
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error("the data: URL did not decode as an image"));
    img.src = src;
  });
}

async function runChecks() {
  await check("no Node globals (Buffer, process, require)", () => {
    assert(typeof Buffer === "undefined", `typeof Buffer is ${typeof Buffer}`);
    // Read through globalThis: a bundler may shim a bare `require` inside the bundle itself.
    for (const name of ["Buffer", "process", "require", "global"]) assert(!(name in globalThis), `globalThis.${name} exists`);
    return navigator.userAgent.match(/(Headless)?Chrom(e|ium)\/[\d.]+/)?.[0];
  });

  const blob = await canvasPng();
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let fromBlob;
  let fromBytes;

  await check("ContentPart.image(Blob)", async () => {
    fromBlob = await ContentPart.image(blob);
    assert(fromBlob instanceof ContentPart, "not a ContentPart");
    assert(fromBlob.type === "image" && fromBlob.mimeType === "image/png", `got ${fromBlob.type} ${fromBlob.mimeType}`);
    assert(fromBlob.byteLength === blob.size, `byteLength ${fromBlob.byteLength}, Blob size ${blob.size}`);
    assert(fromBlob.data === btoaBytes(bytes), "data differs from btoa() of the same bytes");
    return fromBlob.summary();
  });

  await check("ContentPart.from(File) of a PNG", async () => {
    const part = await ContentPart.from(new File([blob], "chart.png"));
    assert(part.type === "image" && part.mimeType === "image/png", `got ${part.type} ${part.mimeType}`);
    assert(part.equals(fromBlob), "a File of the same bytes gave a different part");
    return String(part);
  });

  await check("ContentPart.image(ReadableStream), sniffed", async () => {
    const part = await ContentPart.image(blob.stream());
    assert(part.mimeType === "image/png", `sniffed ${part.mimeType}`);
    assert(part.data === fromBlob.data, "the stream gave different data than the Blob");
    return `${part.byteLength} bytes streamed`;
  });

  await check("sources recognised by what they are: a URL object, look-alikes refused", async () => {
    const remote = await ContentPart.image(new URL("https://example.com/chart.png"));
    assert(remote.url === "https://example.com/chart.png" && remote.mimeType === "image/png", `got ${remote}`);
    const inline = await ContentPart.from(new URL(`data:image/png;base64,${fromBlob.data}`));
    assert(inline.equals(fromBlob), "a data: URL object gave a different part");
    const refused = [];
    const lookalikes = [
      ["a file: URL object", new URL("file:///tmp/chart.png")],
      ["a Proxy of a URL", new Proxy(new URL("https://example.com/chart.png"), {})],
      ["an object with a getReader of its own", { getReader: () => blob.stream().getReader() }],
      ["an object made with Blob.prototype", Object.create(Blob.prototype)],
    ];
    for (const [what, source] of lookalikes) {
      const r = await ContentPart.safeFrom(source);
      assert(!r.success && r.error.code === "invalid-source", `${what}: ${r.success ? "read" : r.error.code}`);
      refused.push(what);
    }
    Object.prototype.getReader = () => blob.stream().getReader();
    try {
      const r = await ContentPart.safeFrom({});
      assert(!r.success && r.error.code === "invalid-source", "a polluted Object.prototype.getReader made {} a stream");
    } finally {
      delete Object.prototype.getReader;
    }
    return `URL objects read; refused ${refused.length} look-alikes and a polluted getReader`;
  });

  await check("ContentPart.file(File) of a PDF is named by the File", async () => {
    const file = new File(["%PDF-1.4\n%%EOF\n"], "report.pdf");
    const pdf = await ContentPart.file(file);
    assert(pdf.type === "file" && pdf.mimeType === "application/pdf" && pdf.name === "report.pdf", `got ${pdf}`);
    return String(pdf);
  });

  await check("ContentPart.fromBytes(Uint8Array) equals the Blob's part", () => {
    fromBytes = ContentPart.fromBytes(bytes);
    assert(fromBytes.mimeType === "image/png", `sniffed ${fromBytes.mimeType}`);
    assert(fromBytes.equals(fromBlob), "a part from the same bytes is not equal");
    const view = ContentPart.fromBytes(new DataView(bytes.buffer), { mimeType: "image/png" });
    assert(view.equals(fromBlob), "a part from a DataView is not equal");
    assert(Object.isFrozen(fromBytes), "the part is not frozen");
    return fromBytes.summary();
  });

  await check("part.bytes() and toDataUrl() decode in the browser", async () => {
    const back = fromBytes.bytes();
    assert(back.length === bytes.length && back.every((b, i) => b === bytes[i]), "bytes() differs from the input");
    const img = await loadImage(fromBytes.toDataUrl());
    assert(img.naturalWidth === 96 && img.naturalHeight === 64, `decoded ${img.naturalWidth}x${img.naturalHeight}`);
    document.getElementById("caption").textContent = `${fromBytes.summary()}, drawn from toDataUrl()`;
    return `${img.naturalWidth}x${img.naturalHeight} image`;
  });

  await check("base64 in other spellings is stored canonical", () => {
    const urlSafe = fromBytes.data.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
    const part = ContentPart.fromBase64(urlSafe, { mimeType: "image/png" });
    assert(part.equals(fromBytes), "URL-safe unpadded base64 gave a different part");
    const viaDataUrl = ContentPart.fromDataUrl(`data:image/png;base64,${fromBytes.data}`);
    assert(viaDataUrl.equals(fromBytes), "the data: URL gave a different part");
    return `${urlSafe.length} chars in, ${part.data.length} stored`;
  });

  await check("errors are typed: too-large, mime-mismatch, unsupported path", async () => {
    const big = await ContentPart.safeImage(blob, { maxBytes: 10 });
    assert(!big.success && big.error instanceof ContentPartError && big.error.code === "too-large", `maxBytes: ${JSON.stringify(big.error?.code)}`);
    const wrong = await ContentPart.safeImage(new Blob([bytes], { type: "image/jpeg" }));
    assert(!wrong.success && wrong.error.code === "mime-mismatch", `mismatch: ${JSON.stringify(wrong.error?.code)}`);
    const path = await ContentPart.safeFrom("/tmp/shot.png");
    assert(!path.success && path.error.code === "unsupported", `a path: ${JSON.stringify(path.error?.code)}`);
    assert(path.error instanceof ValidationError, "ContentPartError is not a ValidationError");
    return "too-large, mime-mismatch, unsupported";
  });

  let ok;
  let pending;
  await check("ToolResult ok, error and pending", () => {
    ok = ToolResult.ok("Rendered the chart", { parts: [fromBlob, ContentPart.text("caption")], metadata: { width: 96, tags: ["chart"] } });
    assert(!ok.isError && ok.parts.length === 2 && ok.metadata.width === 96, "ok() built the wrong value");
    assert(Object.isFrozen(ok) && Object.isFrozen(ok.parts) && Object.isFrozen(ok.metadata.tags), "not deeply frozen");
    const failed = ToolResult.error("The chart service is down");
    assert(failed.isError && failed.parts === null && failed.metadata === null, "error() built the wrong value");
    const request = Request.create({ kind: "approval", prompt: "Publish the chart?", url: "https://example.com/approve" });
    pending = ToolResult.pending(request);
    assert(pending.isPending && pending.pending.equals(request), "pending() lost its request");
    assert(pending.output === "Publish the chart?\nhttps://example.com/approve", `output ${JSON.stringify(pending.output)}`);
    assert(Answer.accept(request).answers(request), "the answer does not answer the request");
    return `${ok}`;
  });

  await check("ToolResult equals", () => {
    const same = ToolResult.ok("Rendered the chart", { parts: [fromBytes, ContentPart.text("caption")], metadata: { tags: ["chart"], width: 96 } });
    assert(same.equals(ok), "equal results (metadata keys in another order) are not equal");
    assert(!ok.equals(same.withOutput("other")), "a different output compares equal");
    assert(!ok.equals(same.withParts([ContentPart.text("caption"), fromBytes])), "part order is ignored");
    assert(!ok.equals(same.mergeMetadata({ width: 97 })), "a different metadata value compares equal");
    return "4 comparisons";
  });

  await check("JSON round trip", () => {
    for (const r of [ok, pending, ToolResult.error("x"), new ToolResult()]) {
      const text = JSON.stringify(r);
      const back = ToolResult.fromJSON(JSON.parse(text));
      assert(back.equals(r), `not equal after the round trip: ${text.slice(0, 80)}`);
      assert(JSON.stringify(back) === text, "the JSON text changed");
    }
    const revived = ToolResult.fromJSON(JSON.parse(JSON.stringify(pending)));
    assert(revived.pending instanceof Request, "metadata.pending was not revived into a Request");
    const bad = ToolResult.safeFromJSON({ output: "x", parts: [{ type: "image", mimeType: "image/png", data: "@@" }] });
    assert(!bad.success && bad.error.code === "invalid-base64" && bad.error.path === "parts[0].data", `bad part: ${bad.error?.code} at ${bad.error?.path}`);
    return `${JSON.stringify(ok).length} bytes of JSON`;
  });

  await check("immer recipes", () => {
    const next = ok.withMetadata((m) => {
      m.tags.push("blue");
    });
    assert(next.metadata.tags.length === 2 && ok.metadata.tags.length === 1, "the recipe changed the receiver");
    assert(next.parts === ok.parts, "the untouched parts were copied, not shared");
    return next.metadata.tags.join(",");
  });
}

function render() {
  const body = document.getElementById("checks");
  for (const r of results) {
    const tr = document.createElement("tr");
    const cells = [
      [r.name, ""],
      [r.ok ? "pass" : "FAIL", r.ok ? "pass" : "fail"],
      [r.detail, "detail"],
    ];
    for (const [text, cls] of cells) {
      const td = document.createElement("td");
      td.textContent = text;
      if (cls) td.className = cls;
      tr.append(td);
    }
    body.append(tr);
  }
  const passed = results.filter((r) => r.ok).length;
  const summary = document.getElementById("summary");
  summary.textContent = `${passed} of ${results.length} checks passed`;
  summary.className = passed === results.length ? "pass" : "fail";
}

runChecks()
  .catch((e) => results.push({ name: "page script", ok: false, detail: String(e?.stack ?? e) }))
  .finally(() => {
    render();
    window.toolnexusResults = results;
    document.body.dataset.done = "true";
  });
