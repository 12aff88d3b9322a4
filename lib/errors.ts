/**
 * The error classes of toolnexus. Every error the library throws is one of these, with a stable `code`
 * and, for data errors, the `path` of the offending value.
 *
 * @module
 */

import { joinPath, located } from "./path";

/** Codes a {@link ValidationError} carries. */
export type ValidationErrorCode =
  | "invalid-type"
  | "missing"
  | "not-json"
  | "cycle"
  | "too-deep"
  | "too-large"
  | "invalid-value"
  | "invalid-timestamp"
  | "invalid-pending"
  | "invalid-subclass"
  | "unsupported";

/** Codes a {@link ContentPartError} carries, on top of the generic shape codes. */
export type ContentPartErrorCode =
  | "source-conflict"
  | "source-missing"
  | "unknown-extension"
  | "unknown-mime"
  | "too-large"
  | "invalid-base64"
  | "empty"
  | "mime-mismatch"
  | "read-failed"
  | "invalid-source"
  | "invalid-name"
  | "unsupported";

/** Every code any toolnexus error carries. */
export type ToolnexusErrorCode = ValidationErrorCode | ContentPartErrorCode;

/**
 * The base class of every error the library throws.
 *
 * Catch this to handle anything toolnexus raises; read `code` to tell the cases apart (codes are stable
 * across releases, messages are not).
 *
 * @example
 * ```ts
 * try { ToolResult.fromJSON(JSON.parse(text)); }
 * catch (e) { if (e instanceof ToolnexusError) console.log(e.code, e.path); else throw e; }
 * ```
 */
export class ToolnexusError extends Error {
  /** A stable, machine-readable code such as `"invalid-type"` or `"mime-mismatch"`. */
  readonly code: ToolnexusErrorCode;
  /** Where in the value being read the problem sits, in JavaScript accessor syntax (`""` for the whole value). */
  readonly path: string;

  /**
   * An error with a stable code. Library code raises these; you rarely construct one yourself.
   *
   * @param code - the stable code
   * @param message - what was wrong, where, and how to fix it
   * @param options - `path` of the offending value, and the `cause`
   */
  constructor(code: ToolnexusErrorCode, message: string, options?: { path?: string; cause?: unknown }) {
    super(message, options && "cause" in options ? { cause: options.cause } : undefined);
    this.code = code;
    this.path = options?.path ?? "";
  }

  /** The class name, `"ToolnexusError"`, fixed so that minifiers cannot change it. */
  override get name(): string {
    return "ToolnexusError";
  }
}

/**
 * A value that does not satisfy the contract of a `ToolResult`, `Request`, `Answer` or `ContentPart`.
 *
 * `path` names the offending value from the root of what was being read (`metadata.a.b`, `parts[2].data`,
 * `metadata["odd key"]`), or `""` for the whole value.
 *
 * @example
 * ```ts
 * const r = ToolResult.safeFromJSON({ output: 1 });
 * if (!r.success) console.log(r.error.code, r.error.path); // "invalid-type" "output"
 * ```
 */
export class ValidationError extends ToolnexusError {
  /** The class name, `"ValidationError"`. */
  override get name(): string {
    return "ValidationError";
  }
}

/**
 * A content part that cannot be built: a bad source, an unknown or mismatched media type, bad base64, a
 * part over a size cap, or a part a provider cannot carry (`unsupported`).
 *
 * It extends {@link ValidationError}, so a bad part inside a `ToolResult` is caught by either class.
 *
 * @example
 * ```ts
 * const r = await ContentPart.safeImage("./missing.png");
 * if (!r.success) console.log(r.error.code); // "read-failed"
 * ```
 */
export class ContentPartError extends ValidationError {
  /** The class name, `"ContentPartError"`. */
  override get name(): string {
    return "ContentPartError";
  }
}

/** The result of a `safe*` twin: the zod convention. */
export type SafeResult<T, E extends ToolnexusError = ValidationError> =
  | { readonly success: true; readonly data: T; readonly error?: undefined }
  | { readonly success: false; readonly error: E; readonly data?: undefined };

/**
 * The message of anything thrown, for use inside a toolnexus error message. Never throws: a thrown value
 * that cannot be turned into a string (an object without a prototype, a Proxy whose traps throw) is named
 * by its kind instead.
 *
 * @internal
 * @example
 * ```ts
 * thrownMessage(new Error("boom")); // "boom"
 * thrownMessage(Object.create(null)); // "an object that cannot be shown"
 * ```
 */
export function thrownMessage(e: unknown): string {
  try {
    // An Error of another realm (a Jest or vm context, an iframe) is not `instanceof Error`: its message is
    // read all the same, so that no "Error: " prefix creeps in.
    if (e instanceof Error || (typeof e === "object" && e !== null && Object.prototype.toString.call(e) === "[object Error]")) {
      const m = (e as Error).message;
      return typeof m === "string" ? m : String(m);
    }
    return String(e);
  } catch {
    return `${typeof e === "object" ? "an object" : `a ${typeof e}`} that cannot be shown`;
  }
}

/**
 * Any error as a {@link ValidationError}: one as it is; another toolnexus error wrapped with its code, message
 * and path; anything else (a value a getter or Proxy trap threw) an `invalid-value` error at the path `""`.
 *
 * @internal
 */
export function asValidationError(e: unknown): ValidationError {
  if (isToolnexusError(e, ValidationError)) return e;
  const t = isToolnexusError(e) ? e : undefined;
  return new ValidationError(t ? t.code : "invalid-value", t ? t.message : `The value could not be read (${thrownMessage(e)}). Pass plain JSON data.`, { path: t?.path, cause: e });
}

/**
 * Any error as a {@link ContentPartError}: one as it is; another toolnexus error wrapped with its code,
 * message and path; anything else (what a source threw while it was read) a `read-failed` error.
 *
 * @internal
 */
export function asPartError(e: unknown): ContentPartError {
  if (isToolnexusError(e, ContentPartError)) return e;
  if (isToolnexusError(e)) return new ContentPartError(e.code, e.message, { path: e.path, cause: e });
  return new ContentPartError("read-failed", `Reading the source failed: ${thrownMessage(e)}.`, { cause: e });
}

/**
 * True when `e` is a toolnexus error (of the class `kind`, `ToolnexusError` by default): the one test a `catch`
 * asks of what it caught. It never throws: a thrown value whose prototype cannot be read (a Proxy whose
 * `getPrototypeOf` trap throws, a revoked Proxy, thrown by a caller's getter or `toJSON`) is not ours, and
 * `false` is the answer, where `e instanceof ToolnexusError` would throw from the trap and escape untyped.
 *
 * @internal
 * @example
 * ```ts
 * try { read(); } catch (e) { if (isToolnexusError(e)) throw e; return undefined; }
 * isToolnexusError(e, ContentPartError); // a part error only
 * ```
 */
export function isToolnexusError<C extends abstract new (...args: never[]) => ToolnexusError = typeof ToolnexusError>(e: unknown, kind?: C): e is InstanceType<C> {
  return isInstance(e, kind ?? ToolnexusError);
}

/**
 * `value instanceof C`, never a throw: `false` for a value whose prototype cannot be read (a Proxy whose
 * `getPrototypeOf` trap throws, a revoked Proxy), as a `catch` may have caught or a caller may pass. The one
 * safe `instanceof` of the library: {@link isToolnexusError} asks it of what a `catch` caught, and the few
 * places that ask about a platform class (`RangeError`: a stack that ran out; `Date`; `Error`) ask it directly.
 *
 * @internal
 */
export function isInstance<T>(value: unknown, C: abstract new (...args: never[]) => T): value is T {
  // A primitive is no instance: answered without running any code of the caller's.
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return false;
  try {
    return value instanceof C;
  } catch {
    return false;
  }
}

/**
 * The `safe*` twin of a reader: `{ success: true, data }` when `read` returns, `{ success: false, error }` with
 * what it threw as `as` makes it ({@link asValidationError}, or {@link asPartError} for parts). Never throws.
 *
 * @internal
 */
export function safely<T, E extends ToolnexusError = ValidationError>(read: () => T, as: (e: unknown) => E = asValidationError as never): SafeResult<T, E> {
  try {
    return { success: true, data: read() };
  } catch (e) {
    return { success: false, error: as(e) };
  }
}

/**
 * A {@link ContentPartError} whose message reads "`problem` at `path`. `fix`", as {@link raise} words a
 * ValidationError; returned, for the caller to throw.
 *
 * @internal
 */
export function partError(code: ToolnexusErrorCode, path: string, problem: string, fix: string, cause?: unknown): ContentPartError {
  return new ContentPartError(code, `${located(problem, path)}. ${fix}`, cause === undefined ? { path } : { path, cause });
}

/**
 * Throws a {@link ValidationError} whose message reads "`problem` at `path`. `fix`" (the place left out for
 * the path `""`, and when the problem names it already): what was wrong, where, and how to fix it.
 *
 * @internal
 */
export function raise(code: ValidationErrorCode, path: string, problem: string, fix: string, cause?: unknown): never {
  throw new ValidationError(code, `${located(problem, path)}. ${fix}`, cause === undefined ? { path } : { path, cause });
}

/**
 * What a reader of one entry threw, as the reader of the whole value reports it: a toolnexus error is made
 * again below `at` (its path joined to `at`, `action` below `inputResponses.r1` being
 * `inputResponses.r1.action`; its message followed by `(in <at>)`; its class and code kept, the original as
 * its `cause`); anything else is returned as it is, to be thrown as it was. For a bridge that reads each entry
 * of a host's value with the reader of one entry.
 *
 * @internal
 */
export function rerooted(e: unknown, at: string): unknown {
  if (!isToolnexusError(e) || at === "") return e;
  const Ctor = isToolnexusError(e, ContentPartError) ? ContentPartError : isToolnexusError(e, ValidationError) ? ValidationError : ToolnexusError;
  return new Ctor(e.code, `${e.message} (in ${at})`, { path: joinPath(at, e.path), cause: e });
}
