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

/** `at metadata.a` for messages, or `at the top level` for the empty path. */
export function where(path: string): string {
  return path === "" ? "at the top level" : `at ${path}`;
}
