/**
 * toolnexus/langchain: LangChain.js and LangGraph.js: tool messages both ways (`toLangChain`, `fromLangChain`),
 * LangGraph interrupts and resumes, and LangChain's human-in-the-loop middleware, with their types and the shared
 * loss types they use.
 *
 * The same functions as `toolnexus/providers` gives (`===`): that entry re-exports this one. An import of this
 * entry loads this host's code only.
 *
 * @example
 * ```ts
 * import { fromLangChain, toLangChain, toLangGraphInterrupt } from "toolnexus/langchain";
 * ```
 *
 * @module toolnexus/langchain
 */
export type { Loss, OnLoss, ProjectionOptions, UnsupportedPolicy } from "../providers/loss";
export { fromLangChain, LANGCHAIN_ERROR_TEXT, toLangChain } from "../providers/langchain";
export type {
  FromLangChainOptions,
  LangChainArtifact,
  LangChainContentBlock,
  LangChainDataBlock,
  LangChainOptions,
  LangChainTextBlock,
  LangChainToolMessageFields,
  LangChainToolMessageInput,
} from "../providers/langchain";
export { fromLangChainHitlRequest, fromLangGraphInterrupt, fromLangGraphResume, toLangChainHitlResponse, toLangGraphInterrupt, toLangGraphResume } from "../providers/langgraph";
export type {
  LangChainHitlActionRequest,
  LangChainHitlDecision,
  LangChainHitlDecisionType,
  LangChainHitlRequest,
  LangChainHitlResponse,
  LangChainHitlReviewConfig,
  LangGraphInterrupt,
  LangGraphResume,
} from "../providers/langgraph";
