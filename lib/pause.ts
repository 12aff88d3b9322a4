// The core of the pause kit: what every pause bridge, and `ToolResult.pending`, shares about a Request shown
// to a person and an Answer matched to it. The text a pending result shows (`pendingText`), the link rule for
// a url a person is sent to (`linkProblem`, `checkLink`), and the one match of an answer to its request by id
// (`checkAnswerFor`, `matchById`). The rules are in docs/suspension.md, "The pause kit".
import { raise, ValidationError } from "./errors";
import { joinPath } from "./path";
import { quoted } from "./quote";
import { httpUrlProblem } from "./url";

/**
 * The output of a pending result made from a prompt and a url: `prompt + "\n" + url`, the prompt alone without
 * a url, or the url alone when the prompt is empty (never a leading line break). Every bridge that shows both
 * uses this.
 */
export function pendingText(prompt: string, url: string | undefined): string {
  if (url === undefined || url === "") return prompt;
  return prompt === "" ? url : `${prompt}\n${url}`;
}

const LOOPBACK_V4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/**
 * Why `url` may not be sent to a person, or `undefined` when it may: an `https:` URL, or an `http:` URL to a
 * loopback host (`localhost`, `127.0.0.0/8`, `[::1]`), as OAuth 2.1 allows for native apps; in either case
 * without credentials (`user:password@`), which a person would see and which can disguise the host a link
 * opens. Worded to follow "cannot send this link to a person: ".
 */
function linkProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "it is not an absolute URL";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return `its scheme ${quoted(parsed.protocol)} is neither https nor http`;
  if (parsed.username !== "" || parsed.password !== "") return "it carries credentials (user:password@), which the person would see and which can disguise the host it opens";
  if (parsed.protocol === "https:") return undefined;
  const host = parsed.hostname.toLowerCase();
  if (host === "localhost" || host === "[::1]" || LOOPBACK_V4.test(host)) return undefined;
  return "it is plain http to a host that is not a loopback host";
}

/**
 * `url` when it may be shown or sent to a person; else a ValidationError at `path`. A url that breaks the url
 * rule (`httpUrlProblem`: not an absolute http(s) URL written as sent) is `invalid-value`, as on every creation
 * path of a Request; one that breaks the link rule ({@link linkProblem}) is `unsupported`, with a fix that
 * names https. The message never shows the url (links often carry tokens). `fn` names the bridge that would
 * send it. Every bridge that shows or sends a url calls this, so every bridge refuses alike.
 */
export function checkLink(url: string, path: string, fn: string): string {
  const bad = httpUrlProblem(url);
  if (bad !== undefined) raise("invalid-value", path, bad[0], bad[1]);
  const problem = linkProblem(url);
  if (problem === undefined) return url;
  return raise("unsupported", path, `${fn}() cannot send this link to a person: ${problem}`, "Send a person an https:// link without user:password@ (plain http:// only to localhost, 127.0.0.0/8 or [::1]).");
}

/**
 * The one check that an answer (a resume value, a decision, a permission result) is for `requestId`: else a
 * ValidationError (`invalid-value`, at `path`, the path of the answer's id in the host's shape) whose message
 * quotes both ids: `The answer is for request "a-1", not for "b-2"`. `keyed`: the path is that of an entry keyed
 * by the answer's id (`inputResponses["a-1"]`), which holds the id whole: the message leaves the place out, as for
 * an unknown option's key, so that an id of any length reaches the message only cut by the quoting rule.
 */
export function checkAnswerFor(answerId: string, requestId: string, path: string, fix = "Pass the answer to this request, matched by its id.", keyed = false): void {
  if (answerId === requestId) return;
  const problem = `The answer is for request ${quoted(answerId)}, not for ${quoted(requestId)}`;
  if (keyed) throw new ValidationError("invalid-value", `${problem}. ${fix}`, { path });
  raise("invalid-value", path, problem, fix);
}

/** Where each id sits, for {@link matchById}'s messages. */
export interface ByIdPaths {
  /** The path of request `i`'s id: `interrupts[1].id`. */
  request(i: number): string;
  /** The path of answer `j`'s id: `answers[0].id`. */
  answer(j: number): string;
}

/**
 * Matches answers to requests by id, never by position, in time linear in both: `out[i]` is the index of
 * request `i`'s answer in `answerIds`. Two requests with one id are ambiguous (one answer would resume both)
 * and two answers for one request contradict each other: each is `invalid-value` at the second one's id. An
 * answer for no request is `invalid-value` at its id; a request left without its answer, at the request's id,
 * unless `partial` (then its entry is `-1`).
 */
export function matchById(requestIds: readonly string[], answerIds: readonly string[], at: ByIdPaths, partial = false): number[] {
  const byId = new Map<string, number>();
  for (let i = 0; i < requestIds.length; i++) {
    const id = requestIds[i];
    if (byId.has(id)) {
      raise("invalid-value", at.request(i), `Two pending requests have the id ${quoted(id)}, so one answer would resume both`, "Give each paused request its own id (Request.create makes a unique one).");
    }
    byId.set(id, i);
  }
  const out = new Array<number>(requestIds.length).fill(-1);
  for (let j = 0; j < answerIds.length; j++) {
    const id = answerIds[j];
    const i = byId.get(id);
    if (i === undefined) raise("invalid-value", at.answer(j), `The answer is for request ${quoted(id)}, which none of the pending requests is`, "Answer the pending requests, each by its id.");
    if (out[i] !== -1) raise("invalid-value", at.answer(j), `Two answers are for request ${quoted(id)}`, "Give each request one answer.");
    out[i] = j;
  }
  if (!partial) {
    for (let i = 0; i < out.length; i++) {
      if (out[i] === -1) raise("invalid-value", at.request(i), `The request ${quoted(requestIds[i])} has no answer`, "Answer every pending request, or resume only the ones answered.");
    }
  }
  return out;
}

/** The paths of {@link matchById} for two lists: `<requests>[i].id` and `<answers>[j].id`. */
export function listPaths(requests: string, answers: string): ByIdPaths {
  return { request: (i) => joinPath(`${requests}[${i}]`, "id"), answer: (j) => joinPath(`${answers}[${j}]`, "id") };
}

/**
 * {@link matchById} of two lists as a caller gave them (the requests and the answers, each with its `id`), at
 * their paths in the caller's arguments: `requests[i].id` and `answers[j].id`.
 */
export function matchLists(requests: readonly { readonly id: string }[], answers: readonly { readonly id: string }[], partial = false): number[] {
  return matchById(requests.map(idOf), answers.map(idOf), listPaths("requests", "answers"), partial);
}

const idOf = (value: { readonly id: string }): string => value.id;
