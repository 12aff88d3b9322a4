// A screenshot tool that knows, before anything is sent, what its result costs on each provider and whether
// the provider will take it: `countTokens` counts the image by its pixels (as the providers do), `limitsOf`
// lists the target's documented limits, `partLimits` names the parts that pass them (the losses a projection
// reports), and `tokenCounter` is the count `truncate` fits a budget by; projected, a part past a limit is a
// loss the host hears of instead of a 400 (docs/budgets.md).
import assert from "node:assert/strict";
import { ContentPart, ToolResult } from "toolnexus";
import { countTokens, imageDimensions, limitsOf, partLimits, tokenCounter } from "toolnexus/budgets";
import { toBedrock, type Loss } from "toolnexus/bedrock";

/** A PNG's header for a screen of `width` x `height` (what a capture library would hand over, cut short here). */
function screenPng(width: number, height: number): Uint8Array {
  const png = new Uint8Array(64);
  png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(png.buffer).setUint32(16, width);
  new DataView(png.buffer).setUint32(20, height);
  return png;
}

const shot = ContentPart.fromBytes(screenPng(1920, 1080), { mimeType: "image/png" });
const result = ToolResult.ok("Captured the screen", { parts: [shot] });
assert.deepEqual(imageDimensions(shot.data!), { width: 1920, height: 1080 });
assert.deepEqual(shot.dimensions, { width: 1920, height: 1080 }); // the same reader, as a getter of the part

// The same result costs differently on each provider, and differently from estimatedTokens' byte rule.
const standard = countTokens(result, { provider: "anthropic" });
const highRes = countTokens(result, { provider: "anthropic", model: "claude-opus-4-7" });
const gpt = countTokens(result, { provider: "openai", model: "gpt-4.1-mini" });
const gemini = countTokens(result, { provider: "gemini", model: "gemini-3-pro" });
assert.deepEqual(standard.parts, [{ tokens: 1560, measured: true }]);
assert.equal(highRes.parts[0]!.tokens, 2691);
assert.equal(gemini.parts[0]!.tokens, 1120);
assert.equal(result.estimatedTokens, 5 + 85); // the provider-free estimate counts the 64 bytes, not the pixels
console.log(`ok: 1920x1080 costs ${standard.total} tokens on Claude (standard), ${highRes.total} on claude-opus-4-7, ${gpt.total} on gpt-4.1-mini, ${gemini.total} on Gemini 3`);

// An image given by url has no header to read: it counts the most one image can cost there, not measured.
const linked = ToolResult.ok("", { parts: [ContentPart.fromUrl("https://example.com/shot.png", { mimeType: "image/png" })] });
assert.deepEqual(countTokens(linked, { provider: "anthropic" }).parts, [{ tokens: 1568, measured: false }]);
console.log("ok: an image by url counts 1568 on Claude's standard tier, not measured");

// The limits, each with its source: a page of 9000 pixels is refused by Anthropic, so it is a loss.
const limits = limitsOf({ provider: "anthropic" });
assert.equal(limits.pixelsPerSide?.value, 8000);
console.log(`ok: Anthropic's pixel limit is ${limits.pixelsPerSide?.value} (${limits.pixelsPerSide?.source}, read ${limits.pixelsPerSide?.read})`);
const page = ContentPart.fromBytes(screenPng(1200, 9000), { mimeType: "image/png" });
const [lost] = partLimits({ provider: "anthropic" }, [shot, page]);
assert.equal(lost?.index, 1);
assert.equal(lost?.placeholder, "[unsupported image part (image/png, 1200x9000): over Anthropic's 8000 pixel limit]");
console.log("ok: the 9000-pixel page is a loss:", lost?.placeholder);

// The counter truncate takes: frozen, counting as countTokens does.
const counter = tokenCounter({ provider: "anthropic" });
assert.equal(counter.part(shot), 1560);
assert.equal(counter.output(result.output), 5);
console.log("ok: tokenCounter counts the screenshot as Anthropic does:", counter.part(shot));

// Fitting a budget as Anthropic counts: a thumbnail (64 tokens) and the screenshot (1560) do not fit 1000
// tokens, though estimatedTokens' byte rule sees 175. The screenshot is dropped from the end, named by a line.
const thumb = ContentPart.fromBytes(screenPng(200, 200), { mimeType: "image/png" });
const both = ToolResult.ok("Captured the screen", { parts: [thumb, shot] });
assert.equal(both.truncate({ maxTokens: 1000 }), both); // by the byte rule it "fits"
const fitted = both.truncate({ maxTokens: 1000, tokens: counter });
const counted = countTokens(fitted, { provider: "anthropic" });
assert.deepEqual(fitted.parts, [thumb]);
assert.ok(counted.total <= 1000);
console.log(`ok: fitted to 1000 tokens as Anthropic counts: ${counted.total} counted (output ${counted.output}, parts ${counted.parts.map((p) => p.tokens).join(" + ")})`);
console.log(`    what was left out: ${fitted.output.split("\n").slice(1).join("; ")}`);

// Projected for Claude on Bedrock's Converse API (5 MB of base64 an image, 8000 pixels a side): the screenshot
// goes as bytes, the 9000-pixel page is a loss, its placeholder naming the limit, and onLoss hears why.
const losses: Loss[] = [];
const block = toBedrock(ToolResult.ok("Captured", { parts: [shot, page] }), { toolUseId: "tooluse_01", model: "anthropic.claude-opus-4-7-v1:0", onLoss: (l) => void losses.push(l) });
assert.equal(losses.length, 1);
assert.ok(block.toolResult.content[1] !== undefined && "image" in block.toolResult.content[1]);
assert.deepEqual(block.toolResult.content[2], { text: "[unsupported image part (image/png, 1200x9000): over Bedrock's 8000 pixel limit]" });
for (const l of losses) console.log(`ok: projected for Bedrock, ${l.path} was lost: ${l.reason}`);
