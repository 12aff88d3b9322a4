// Recipes: a caller's function that edits an immer draft of a result's metadata or fields (`withMetadata`,
// `with`), run so that nothing the caller brought in is frozen and nothing thrown while the draft is finished
// escapes as a bare error.
import { Immer } from "immer";
import { isInstance, raise, thrownMessage } from "./errors";
import { MAX_DEPTH } from "./json-data";

/** A function that edits an immer draft, or returns a replacement. */
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- `void` lets a recipe that returns nothing (as immer's recipes do) type-check
export type Recipe<T> = (draft: T) => T | void | undefined;

let immer: Immer | undefined;

/**
 * Runs a caller's recipe under immer, without auto-freeze (it would freeze objects the recipe brought in
 * from the caller). What the recipe itself throws surfaces unchanged; anything thrown while immer finishes
 * the draft (a Proxy the recipe put in it, nesting deep enough to exhaust the stack) is a ValidationError.
 */
export function runRecipe<T>(base: T, recipe: (draft: T) => unknown, path: string): unknown {
  // Loose shallow copies: the drafts copy only objects the library built (plain, frozen, data properties
  // only), so copying descriptors one by one (the strict mode) would buy nothing and cost time in every key.
  immer ??= new Immer({ autoFreeze: false, useStrictShallowCopy: false });
  // True while the recipe runs, and once it returned a Promise: what is thrown then surfaces as it is.
  // Set inside the closure below, which the checker does not follow: typed as boolean, not as the literal false.
  let surface = false as boolean;
  const run = (draft: T): unknown => {
    surface = true;
    const out = recipe(draft);
    surface = false;
    if (out instanceof Promise) {
      // An async recipe: its rejection is handled here, so that an error it throws after its first await
      // cannot become an unhandled rejection (which ends a Node process).
      surface = true;
      out.catch(() => undefined);
      raise("invalid-type", path, "The recipe returned a Promise", "Await first: recipes run synchronously.");
    }
    return out;
  };
  try {
    return immer.produce(base, run as never);
  } catch (e) {
    if (surface) throw e;
    const deep = isInstance(e, RangeError);
    return raise(
      deep ? "too-deep" : "not-json",
      path,
      `Finishing the recipe failed (${thrownMessage(e)})`,
      deep ? `Nest JSON data at most ${MAX_DEPTH} levels.` : "Put only JSON data in the draft.",
      e,
    );
  }
}
