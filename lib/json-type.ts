// JSON data at compile time: the type-level twin of the metadata rules (json-data.ts checks them at run time).
// The library's own values are recognised by their brand (brand.ts), so that this module imports no class:
// the classes import it.
import type { BRAND } from "./brand";

/** JSON data held by a request or an answer. */
export type JsonObject = { readonly [key: string]: unknown };

/** A value of this library carrying the brand `N` (its prototype's `[BRAND]` getter). */
type Branded<N extends string> = { readonly [BRAND]: N };

/**
 * A value made deeply read-only, as a result's metadata is deeply frozen. A `Request` or a `ContentPart`
 * (already frozen) and functions are kept as they are.
 */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends Branded<"Request" | "ContentPart">
    ? T
    : T extends readonly (infer E)[]
      ? readonly DeepReadonly<E>[]
      : T extends object
        ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
        : T;

/**
 * `T` with every value that cannot be JSON data turned into `never`, so that `T extends AsJson<T>` holds
 * only for JSON data: strings, finite numbers, booleans, `null`, arrays and plain objects of these (an
 * optional key may be `undefined`, which is dropped), and a `Request` (what `metadata.pending` holds).
 * A `Date`, a `Map`, a function, a `bigint` or a `symbol` anywhere in `T` makes the check fail. Interfaces
 * and type aliases pass alike (no index signature is needed). `unknown` and `any` pass: they say nothing.
 *
 * It is the constraint of `ToolResult<M>`'s metadata type and of `Request<D>`'s and `Answer<D>`'s data
 * type: `ToolResult<{ at: Date }>` does not compile, `ToolResult<{ at: string }>` does. A class instance
 * whose fields are all data passes the compiler but not the run-time check (metadata is plain objects).
 *
 * @example
 * ```ts
 * interface Hit { title: string; score: number }
 * class SearchResult extends ToolResult<{ hits: Hit[] }> {} // compiles
 * // class Stamped extends ToolResult<{ at: Date }> {}      // does not compile: a Date is not JSON data
 * ```
 */
export type AsJson<T> = unknown extends T
  ? T
  : T extends string | number | boolean | null | undefined
    ? T
    : T extends Branded<"Request">
      ? T
      : T extends (...args: never[]) => unknown
        ? never
        : T extends object
          ? { [K in keyof T]: AsJson<T[K]> }
          : never;

/**
 * An object type whose every field is JSON data ({@link AsJson}): the constraint `M extends JsonFields<M>`
 * of `ToolResult<M>` (a mapped type, so that the constraint may name the type it constrains).
 *
 * @example
 * ```ts
 * function keep<M extends JsonFields<M>>(m: M): M { return m; }
 * keep({ n: 1 });             // compiles
 * // keep({ at: new Date() }); // does not compile
 * ```
 */
export type JsonFields<T> = { [K in keyof T]: AsJson<T[K]> };
