// Loads an ES-module-only package (the `ai` package ships no CommonJS build) from a spec that may run as
// CommonJS (the `src` and `cjs` projects) or as an ES module (the `esm` project). Written inside `eval`, the
// `import()` is not rewritten into `require()` by the CommonJS transform, so Jest loads the package as an ES
// module in every project (the suite runs with --experimental-vm-modules). Types come from `typeof import()`.
export function importEsm<T>(specifier: string): Promise<T> {
  return eval("import(specifier)") as Promise<T>;
}
