/**
 * `toolnexus/budgets`: what each provider accepts and what it charges, known before the request is sent.
 * `countTokens(result, target)` counts a result as the provider counts it (an image by its pixels),
 * `tokenCounter(target)` gives `truncate` that count, `limitsOf(target)` lists the target's documented hard
 * limits, `partLimits(target, parts)` says which parts pass them (what every projection reports as a loss),
 * and `imageDimensions(data)` reads an image's size from its header. Every number comes from one table, with
 * its source and the date it was read: see docs/budgets.md.
 *
 * @example
 * ```ts
 * import { countTokens, limitsOf, tokenCounter } from "toolnexus/budgets";
 *
 * countTokens(result, { provider: "anthropic", model: "claude-opus-4-7" }).total;
 * limitsOf({ provider: "anthropic" }).imageBytes?.value; // 10485760
 * tokenCounter({ provider: "anthropic" }).part(result.parts![0]); // what the first part costs there
 * ```
 *
 * @module toolnexus/budgets
 */
export { countTokens, tokenCounter } from "./tokens";
export type { PartTokens, TokenCount, TokenCounter } from "./tokens";
export { limitsOf, partLimits } from "./limits";
export type { LimitKind, Limits, PartLimit } from "./limits";
export type { BudgetProvider, BudgetTarget, ClaudePlatform } from "./target";
export type { MediaResolution, Sourced } from "./data";
export { imageDimensions } from "../image-size";
export type { ImageDimensions } from "../image-size";
