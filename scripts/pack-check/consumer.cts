// Type-checked (not run) against the installed tarball with `moduleResolution: nodenext`, as a CommonJS
// module: the `require` conditions and the `.d.cts` declarations.
import tn = require("toolnexus");
import { ContentPart, ToolResult } from "toolnexus";
import providers = require("toolnexus/providers");
import testing = require("toolnexus/testing");
import gemini = require("toolnexus/gemini");
import a2a = require("toolnexus/a2a");

class Weather extends tn.ToolResult<{ celsius: number }> {}

const w: Weather = Weather.ok("21 C", { metadata: { celsius: 21 } });
const celsius: number | undefined = w.metadata?.celsius;
// @ts-expect-error: metadata must match the subclass's type
Weather.error("x", { metadata: { fahrenheit: 70 } });

const r: ToolResult = ToolResult.error("failed").addParts(ContentPart.text("details"));
const same: boolean = tn.ToolResult.isToolResult(r) && r.equals(ToolResult.fromJSON(r.toJSON()));
const req: tn.Request = tn.SuspensionRequest.create({ kind: "input", prompt: "Which city?" });
const out: tn.Answer = tn.Answer.output(req, "Paris");

const block = providers.toAnthropic(w, { toolUseId: "toolu_1" });
const testers: readonly unknown[] = testing.equalityTesters;
// A host's entry, required: the same functions and types as toolnexus/providers.
const policy: gemini.UnsupportedPolicy = "omit";
const response: gemini.GeminiPart = gemini.toGemini(w, { name: "weather", unsupported: policy });
const parts: a2a.A2aPart[] = a2a.toA2aParts(r);

export = { celsius, same, out, block, testers, response, parts };
