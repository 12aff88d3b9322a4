// Paths in JavaScript accessor syntax, built only when an error is raised.

/** One step of a path: an object key or an array index. */
export type Segment = string | number;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** What JSON.stringify leaves raw but may break a line or hide in one: C1 controls, DEL, line and paragraph separators. */
const UNESCAPED = /[\u007f-\u009f\u2028\u2029]/g;

/**
 * A key that is not an identifier as an accessor, `["odd key"]`: quoted with JSON escapes (`["a\nb"]`), and
 * the characters JSON.stringify leaves raw that could break or hide a line escaped too (`\u2028`), so that a
 * path never holds a raw line break and still reads back as the key (a JSON string and a JavaScript one).
 */
function bracket(key: string): string {
  const quoted = JSON.stringify(key).replace(UNESCAPED, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return `[${quoted}]`;
}

/**
 * Formats segments as `metadata.a[0]["odd key"]`, after an optional prefix; the empty path is `""`. A key
 * that is not an identifier is bracketed at every depth, the top level included (`["odd key"]`).
 */
export function formatPath(segments: readonly Segment[], prefix = ""): string {
  let out = prefix;
  for (const s of segments) {
    if (typeof s === "number") out += `[${s}]`;
    else if (IDENTIFIER.test(s)) out += out === "" ? s : `.${s}`;
    else out += bracket(s);
  }
  return out;
}

/** The path of the key `key` below `prefix` (`metadata` + `odd key` = `metadata["odd key"]`): every path built from a key goes here. */
export function keyPath(prefix: string, key: string): string {
  return formatPath([key], prefix);
}

/** Joins a prefix and a path produced elsewhere (`parts[2]` + `data` = `parts[2].data`). */
export function joinPath(prefix: string, rest: string): string {
  if (prefix === "") return rest;
  if (rest === "") return prefix;
  return rest.startsWith("[") ? prefix + rest : `${prefix}.${rest}`;
}

/**
 * `problem at path`, the first half of an error's sentence: the place is left out when the path is `""`
 * (the whole value: the problem names it) and when the problem already names the path (`The id is empty`,
 * not `The id is empty at id`).
 */
export function located(problem: string, path: string): string {
  if (path === "" || namesPath(problem, path)) return problem;
  return `${problem} at ${path}`;
}

/**
 * True when `problem` names the field at `path` itself: as its subject (`The id is empty`, `id is empty`),
 * quoted (`an unknown key "foo"`) or as an option (`options.mimeType "png"`). A word that merely equals the
 * path elsewhere in the sentence (`is not JSON data` at `data`) does not count.
 */
function namesPath(problem: string, path: string): boolean {
  if (problem.includes(`"${path}"`)) return true;
  for (const head of [path, `The ${path}`, `the ${path}`]) {
    if (problem.startsWith(head) && /^($|[\s.,:;)])/.test(problem.slice(head.length))) return true;
  }
  const i = problem.indexOf(`options.${path}`);
  return i >= 0 && /^($|[\s".,:;)])/.test(problem.slice(i + 8 + path.length));
}
