// Paths in JavaScript accessor syntax, built only when an error is raised.

/** One step of a path: an object key or an array index. */
export type Segment = string | number;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Formats segments as `metadata.a[0]["odd key"]`, after an optional prefix; the empty path is `""`. */
export function formatPath(segments: readonly Segment[], prefix = ""): string {
  let out = prefix;
  for (const s of segments) {
    if (typeof s === "number") out += `[${s}]`;
    else if (IDENTIFIER.test(s)) out += out === "" ? s : `.${s}`;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
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

/** True when `problem` holds `path` as a whole word (`The id is empty`, `options.mimeType "png"`). */
function namesPath(problem: string, path: string): boolean {
  let from = 0;
  for (;;) {
    const i = problem.indexOf(path, from);
    if (i < 0) return false;
    const before = i === 0 ? " " : problem[i - 1]!;
    const after = problem[i + path.length] ?? " ";
    if (/[\s".]/.test(before) && /[\s".,:;)]/.test(after)) return true;
    from = i + 1;
  }
}
