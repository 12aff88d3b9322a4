// A prompt made from a tool's input: the approval bridges (AI SDK, OpenAI Agents, the Claude Agent SDK,
// LangChain's human-in-the-loop) show a person the input of the call they approve, in one line of the prompt,
// and make that prompt with the one `approvalPrompt`. The rule is in docs/suspension.md,
// "A prompt made from a tool's input".
import { escapeControl } from "../quote";

/** UTF-16 code units of a tool's input shown in a prompt; the whole input stays in the request's data. */
const PROMPT_INPUT_CHARS = 500;

/** `JSON.stringify`, typed as it behaves: `undefined` for a value with no JSON text (a function, `undefined`). */
const jsonText = (value: unknown): string | undefined => JSON.stringify(value);

/**
 * A tool's input as one line of a prompt: compact JSON (a string is JSON text the SDK already wrote, shown
 * as written), control characters, DEL, U+2028 and U+2029 escaped so it never starts a line of its own, and
 * cut, before escaping, at {@link PROMPT_INPUT_CHARS} code units of the JSON text (never inside a surrogate
 * pair), followed by `... (N more characters)`, N the code units cut. `undefined` when the value has no JSON text.
 */
export function promptInput(value: unknown): string | undefined {
  let json: string | undefined;
  try {
    json = typeof value === "string" ? value : jsonText(value);
  } catch {
    return undefined;
  }
  if (json === undefined) return undefined;
  // The JSON text is cut first (so N counts the input's own code units), then escaped.
  if (json.length <= PROMPT_INPUT_CHARS) return escapeControl(json);
  let end = PROMPT_INPUT_CHARS;
  const c = json.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end -= 1;
  return `${escapeControl(json.slice(0, end))}... (${json.length - end} more characters)`;
}

/**
 * A name or id chosen by a sender, shown whole in a prompt a person decides on (`Approve the call to tool
 * "<name>" ...?`): JSON-quoted, control characters escaped (one line), never cut, so that two tools whose names
 * share their first 40 characters read apart. A message (an error, a loss's reason) quotes by quote.ts's
 * `quoted`, which cuts.
 */
export const quoteShown = (s: string): string => escapeControl(JSON.stringify(s));

/**
 * The one approval prompt of every host that has a tool name and an input (AI SDK, OpenAI Agents, whose
 * input is its `arguments` JSON text, the Claude Agent SDK, LangChain's human-in-the-loop actions without a
 * description): `Approve the call to tool "<name>" with input <json>?`, the input shown by {@link promptInput}
 * (one line, cut at 500 code units), the name JSON-quoted with its control characters escaped. An input
 * without JSON text leaves out `with input ...`.
 */
export function approvalPrompt(toolName: string, input: unknown): string {
  const preview = promptInput(input);
  return `Approve the call to tool ${quoteShown(toolName)}${preview === undefined ? "" : ` with input ${preview}`}?`;
}
