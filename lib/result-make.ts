// The one construction path of a ToolResult, and the readers built on it (fromJSON's, the factories', json's).
// Made for the class's prototype by `resultMaker(ToolResult.prototype)` in tool-result.ts, so that this module
// imports nothing of it. See the README, "Subclassing" (every door gives the subclass) and "Reading what
// callers pass".
import { copyJson, newWalk } from "./json-data";
import { markResult } from "./marks";
import { checkSubclass } from "./receiver";
import { checkOutput, PARTS_AND_METADATA, readResultFields, RESULT_KEYS, type ResultFields } from "./result-fields";
import type { ResultBuilder } from "./attempt";

const hasOwn = Object.hasOwn;

/** The own field `k` of `f`, or `fallback` when `f` has none (or holds `undefined`): never Object.prototype's. */
function given<K extends keyof ResultFields>(f: Partial<ResultFields>, k: K, fallback: ResultFields[K]): ResultFields[K] {
  const v = hasOwn(f, k) ? f[k] : undefined;
  return v === undefined ? fallback : v;
}

/** The constructors of results of one class, each making a new instance of the prototype it is given. */
export interface ResultMaker extends ResultBuilder {
  /**
   * The one construction path of a result: every door (`new`, the statics, the copies, `fromJSON`) ends
   * here. It checks the subclass, then stores the four checked fields, in their fixed order, on a new
   * object with the prototype `proto` (no constructor runs, so a subclass gets its own class), marks it
   * genuine and freezes it. Every result is made by `Object.create`, the constructor's too, so that these
   * stores only ever see one shape of object.
   */
  readonly make: (proto: object, output: string, isError: boolean, parts: ResultFields["parts"], metadata: ResultFields["metadata"]) => object;
  /** {@link ResultMaker.make} from the fields given (own keys of `f` only), with the defaults (an empty success) for the others. */
  readonly build: (proto: object, f: Partial<ResultFields>) => object;
}

/** The constructors of results whose base prototype is `base` (`ToolResult.prototype`). */
export function resultMaker(base: object): ResultMaker {
  const make = (proto: object, output: string, isError: boolean, parts: ResultFields["parts"], metadata: ResultFields["metadata"]): object => {
    checkSubclass(proto, base, RESULT_KEYS); // one comparison for the base itself
    const t = Object.create(proto) as ResultFields;
    t.output = output;
    t.isError = isError;
    t.parts = parts;
    t.metadata = metadata;
    return Object.freeze(markResult(t));
  };
  const build = (proto: object, f: Partial<ResultFields>): object =>
    make(proto, given(f, "output", ""), given(f, "isError", false), given(f, "parts", null), given(f, "metadata", null));
  // ok() and error(): the output, with parts and metadata from the init.
  const factory = (proto: object, output: unknown, isError: boolean, init: unknown): object => {
    if (init === undefined) return make(proto, checkOutput(output), isError, null, null);
    const f = readResultFields(init, "The init", PARTS_AND_METADATA);
    return build(proto, { ...f, output: checkOutput(output), isError });
  };
  return {
    make,
    build,
    factory,
    // fromJSON: a result's JSON shape, read and checked.
    read: (proto, value) => build(proto, readResultFields(value, "A tool result")),
    // json(): `ok` of the value's JSON text. copyJson refuses `undefined` too, which JSON.stringify would turn into no text at all.
    json: (proto, value, init) => factory(proto, JSON.stringify(copyJson(value, newWalk(""), -1)), false, init),
  };
}
