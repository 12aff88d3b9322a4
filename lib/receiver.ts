// The receiver rule of the statics, and the subclass check of every creation path: how a static called on
// `ToolResult`, a subclass, or nothing at all (a destructured static) finds the prototype it builds with, and
// why a subclass member named like a field is refused. See the README, "Subclassing".
import { protoOf } from "./brand";
import { raise, thrownMessage } from "./errors";
import { escapeControl } from "./boundary";
import { typeName } from "./json-data";

// Subclasses: a member named like a field would hide it (a getter makes the field's assignment throw).

/**
 * The prototype a static called on the receiver `cls` builds with, the one place every static of the four
 * classes resolves its receiver:
 *
 * - `base` itself, and no receiver at all (`undefined` or `null`: a destructured static,
 *   `const { ok } = ToolResult`, or one called with `.call(null, ...)`): `base.prototype`;
 * - a subclass of `base` (a function whose `prototype` is or descends from `base.prototype`): its prototype;
 * - anything else (a plain object the static was copied onto, a function that is no subclass of this copy's
 *   `base`, a class whose `prototype` cannot be read): an `invalid-type` ValidationError at the path `""`:
 *   "ToolResult.ok was called on an object, not on ToolResult or a subclass of it. Call it as
 *   ToolResult.ok(...) or on a subclass (MySubclass.ok(...)); a destructured static works too.".
 *
 * `name` is the base class's public name (a bundler may rename the class itself), `fn` the static's.
 */
export function prototypeFor(cls: unknown, base: { readonly prototype: object }, name: string, fn: string): object {
  const proto = base.prototype;
  if (cls === base || cls === undefined || cls === null) return proto;
  let problem: string;
  if (typeof cls === "function") {
    try {
      const p: unknown = (cls as { prototype?: unknown }).prototype;
      if (p === proto || (typeof p === "object" && p !== null && Object.prototype.isPrototypeOf.call(proto, p))) return p;
      problem = `a function that is neither ${name} nor a subclass of it`;
    } catch (e) {
      problem = `a function whose prototype cannot be read (${thrownMessage(e)})`; // a Proxy of a class whose traps throw
    }
  } else {
    problem = `${typeName(cls)}, not on ${name} or a subclass of it`;
  }
  // A static named by a symbol ("[workflow-deserialize]") reads ToolResult[workflow-deserialize].
  const member = (cls: string) => (fn.startsWith("[") ? `${cls}${fn}` : `${cls}.${fn}`);
  return raise(
    "invalid-type",
    "",
    `${member(name)} was called on ${problem}`,
    `Call it as ${member(name)}(...) or on a subclass (${member("MySubclass")}(...)); a destructured static works too.`,
  );
}

/**
 * The class a static hook calls `fromJSON` on (Vercel Workflow's deserializer, `this.fromJSON(data)`): the
 * receiver when it is `base` or a subclass (whose own `fromJSON` then runs), `base` when there is none; any
 * other receiver is the `invalid-type` error of {@link prototypeFor}.
 */
export function classFor<C extends { readonly prototype: object }>(cls: unknown, base: C, name: string, fn: string): C {
  if (cls === undefined || cls === null) return base;
  prototypeFor(cls, base, name, fn);
  return cls as C;
}

/** Subclass prototypes already checked: `""` when fine, else the message of the member that hides a field. */
const CHECKED = new WeakMap<object, string>();

/**
 * Checks, once per prototype, that nothing between `proto` and `base` (the prototype of one of the four
 * classes) has an own member named like one of `fields`: a getter, a setter, a method or a value. `base`
 * itself is the fast path, checked by one comparison. A member that hides a field is an `invalid-subclass`
 * ValidationError naming it, from every creation path, before any field is assigned.
 */
export function checkSubclass(proto: object, base: object, fields: readonly string[]): void {
  if (proto === base) return;
  let problem = CHECKED.get(proto);
  if (problem === undefined) {
    problem = hiddenField(proto, base, fields);
    CHECKED.set(proto, problem);
  }
  if (problem !== "") raise("invalid-subclass", "", problem, "Rename the member: every instance holds that field, so a subclass cannot define a member of its name.");
}

/** `""`, or what hides a field: "The subclass MyResult defines a getter named output, which hides the field". */
function hiddenField(proto: object, base: object, fields: readonly string[]): string {
  try {
    for (let p: object | null = proto; p !== null && p !== base; p = Object.getPrototypeOf(p) as object | null) {
      for (const field of fields) {
        const d = Object.getOwnPropertyDescriptor(p, field);
        if (d === undefined) continue;
        const kind = d.get || d.set ? "an accessor" : typeof d.value === "function" ? "a method" : "a value";
        const ctor: unknown = Object.hasOwn(p, "constructor") ? (p as { constructor: unknown }).constructor : undefined;
        const name = typeof ctor === "function" && typeof ctor.name === "string" && ctor.name !== "" ? ` ${escapeControl(ctor.name)}` : "";
        return `The subclass${name} defines ${kind} named ${field}, which hides the field ${field}`;
      }
    }
    return "";
  } catch (e) {
    return `The subclass's prototype cannot be inspected (${thrownMessage(e)})`;
  }
}

/**
 * The prototype a value this copy did not make is re-created with, once read and checked: its own when it
 * is `base` or descends from it (a subclass's, a look-alike's made with `Object.create(base)`), else `base`
 * (a plain object, a value of another loaded copy, a Proxy whose prototype cannot be read, a primitive).
 */
export function receiverProto(value: unknown, base: object): object {
  if (typeof value !== "object" || value === null) return base;
  const proto = protoOf(value);
  return proto === base || (typeof proto === "object" && proto !== null && Object.prototype.isPrototypeOf.call(base, proto)) ? proto : base;
}
