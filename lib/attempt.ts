// `ToolResult.attempt`: runs a tool body and makes what it returns or throws a result, never a throw. The
// result constructors come in as an argument (a {@link ResultBuilder}), so that this module imports nothing
// of tool-result.ts. See docs/results.md, "Tool-author conveniences: `attempt` and `json`".
import { ownField, wrongType } from "./boundary";
import { hasBrand } from "./brand";
import { asValidationError, isInstance, thrownMessage } from "./errors";
import type { PartsAndMetadata } from "./result-fields";

/** The result constructors of tool-result.ts that `attempt` builds with, each making an instance of `proto`. */
export interface ResultBuilder<R extends object> {
  /** True for a result this copy of the library made. */
  readonly is: (value: unknown) => value is R;
  /** `ok()` or `error()`: the output, with the init's parts and metadata. */
  readonly factory: (proto: object, output: unknown, isError: boolean, init: unknown) => object;
  /** `fromJSON()`: a result read by its fields and checked. */
  readonly read: (proto: object, value: unknown) => object;
  /** `json()`: `ok` of the value's JSON text. */
  readonly json: (proto: object, value: unknown, init: unknown) => object;
}

/**
 * Runs `fn` and makes a result of what it gives, as an instance of the prototype `protoOf()` gives; when
 * `protoOf` throws (the static was called on something that is neither ToolResult nor a subclass), `fn` is
 * not run, and the error result, an instance of `fallback`, says why. An async `fn` gives a Promise.
 */
export function attempt(build: ResultBuilder<object>, protoOf: () => object, fallback: object, fn: unknown, init: PartsAndMetadata | undefined): object {
  let proto: object;
  try {
    proto = protoOf();
  } catch (e) {
    return fromThrown(build, fallback, e, init);
  }
  const failed = (e: unknown): object => fromThrown(build, proto, e, init);
  let value: unknown;
  let then: unknown;
  try {
    if (typeof fn !== "function") wrongType("fn", "The tool body", "a function", fn, "Pass a function that runs the tool.");
    value = (fn as () => unknown)(); // a function, called as the tool body: TypeScript types it `Function`, which it will not call
    // For an object or a function, its `then`; a hostile value whose `then` cannot be read counts as thrown.
    if ((typeof value === "object" && value !== null) || typeof value === "function") then = Reflect.get(value, "then");
  } catch (e) {
    return failed(e);
  }
  if (typeof then === "function") return Promise.resolve(value).then((v) => fromValue(build, proto, v, init), failed);
  return fromValue(build, proto, value, init);
}

function fromValue(build: ResultBuilder<object>, proto: object, value: unknown, init: unknown): object {
  try {
    // A genuine result of this class is kept; any other result (another class, another copy of the package,
    // a look-alike, a Proxy of one) is read by its fields and checked, as JSON is.
    if (build.is(value) && Object.getPrototypeOf(value) === proto) return value;
    if (build.is(value) || hasBrand(value, "ToolResult")) return build.read(proto, value);
    if (typeof value === "string" || value === undefined) return build.factory(proto, value ?? "", false, init);
    return build.json(proto, value, init);
  } catch (e) {
    return fromThrown(build, proto, e, undefined);
  }
}

function fromThrown(build: ResultBuilder<object>, proto: object, thrown: unknown, init: PartsAndMetadata | undefined): object {
  const message = thrownMessage(thrown);
  let error: { name: string; code?: string } | undefined;
  if (isInstance(thrown, Error)) {
    error = { name: "Error" };
    try {
      // `name` comes from the error's class (TypeError.prototype.name); `code` is the error's own (ENOENT).
      const { name } = thrown;
      const code = ownField(thrown, "code", "");
      if (name && typeof name === "string") error.name = name;
      if (typeof code === "string") error.code = code;
    } catch {
      // a field that cannot be read is left out
    }
  }
  try {
    return build.factory(proto, message, true, { parts: init?.parts, metadata: error ? { ...init?.metadata, error } : init?.metadata });
  } catch (e) {
    // The init itself is invalid: report that, without it, rather than throw.
    const v = asValidationError(e);
    return build.factory(proto, `${message} (and attempt() got an invalid init: ${v.message})`, true, { metadata: { error: { name: v.name, code: v.code } } });
  }
}
