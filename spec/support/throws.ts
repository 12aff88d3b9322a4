// Catching what a call throws, for specs that check the error itself (its class, code, path or identity).
import { expect } from "@jest/globals";
import { ValidationError } from "toolnexus";
import type { Loss } from "toolnexus/providers";

/** Calls `fn` and returns exactly what it threw (by identity); fails when it returns. */
export function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error("expected a throw, nothing was thrown");
}

/** Calls `fn`, checks that it threw a `ValidationError`, and returns it; fails when it returns. */
export function thrownValidation(fn: () => unknown): ValidationError {
  const e = thrownBy(fn);
  expect(e).toBeInstanceOf(ValidationError);
  return e as ValidationError;
}

/** An `onLoss` callback and the list it fills. */
export function collectLosses(): { losses: Loss[]; onLoss: (l: Loss) => void } {
  const losses: Loss[] = [];
  return { losses, onLoss: (l) => losses.push(l) };
}
