// Reads the data files under fixtures/ that drive the spec suite. Paths are relative to the repository
// root, which is Jest's working directory in every project (source, CJS and ESM).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

export const FIXTURES = join(process.cwd(), "fixtures");

/** Parses fixtures/<path> as JSON. */
export function loadJSON<T = unknown>(path: string): T {
  return JSON.parse(readFileSync(join(FIXTURES, path), "utf8")) as T;
}

/** Reads fixtures/<path> as bytes. */
export function loadBytes(path: string): Uint8Array {
  const b = readFileSync(join(FIXTURES, path));
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

/** The absolute path of fixtures/<path>. */
export function fixturePath(path: string): string {
  return join(FIXTURES, path);
}

/** Every `.json` file directly in fixtures/<dir>, parsed, with its file name. */
export function loadDir<T = unknown>(dir: string): { file: string; data: T }[] {
  return readdirSync(join(FIXTURES, dir))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => ({ file, data: loadJSON<T>(join(dir, file)) }));
}
