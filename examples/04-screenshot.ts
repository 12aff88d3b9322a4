// (d) A screenshot tool: `ContentPart.safeImage` never rejects, so a failure becomes an error result the
// model can read, and a success a result whose output is the part's summary.
import assert from "node:assert/strict";
import { join } from "node:path";
import { ContentPart, ToolResult } from "toolnexus";

async function screenshot(path: string): Promise<ToolResult> {
  const shot = await ContentPart.safeImage(path);
  if (!shot.success) return ToolResult.error(`screenshot: ${shot.error.message}`);
  return ToolResult.ok(shot.data.summary(), { parts: [shot.data] });
}

const fixture = join(import.meta.dirname, "..", "fixtures", "media", "fixture.png");
const result = await screenshot(fixture);
assert.equal(result.isError, false);
assert.equal(result.output, "image (image/png, 82 bytes)");
assert.equal(result.parts?.length, 1);
assert.equal(result.parts?.[0]?.mimeType, "image/png");
assert.equal(result.isPending, false);
assert.equal(result.metadata, null);
console.log("ok: screenshot(fixture.png) gives", JSON.stringify(result.output));

const missing = await screenshot(join(import.meta.dirname, "no-such-file.png"));
assert.equal(missing.isError, true);
assert.match(missing.output, /^screenshot: /);
console.log("ok: a missing file gives an error result:", missing.output.split(".")[0]);

// Part data never appears in a log line.
assert.ok(!String(result).includes(result.parts![0]!.data!));
console.log("ok: String(result) is", String(result));
