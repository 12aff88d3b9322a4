/**
 * toolnexus/openai: the OpenAI projections: Chat Completions (`toOpenAIChat`, and `toOpenAIChatMessages` for the
 * tool message with a user message for what it cannot carry) and Responses (`toOpenAIResponses`), with their types
 * and the shared loss types they use.
 *
 * The same functions as `toolnexus/providers` gives (`===`): that entry re-exports this one. An import of this
 * entry loads this host's code only.
 *
 * @example
 * ```ts
 * import { toOpenAIChat, toOpenAIChatMessages, toOpenAIResponses } from "toolnexus/openai";
 * ```
 *
 * @module toolnexus/openai
 */
export type { Loss, OnLoss, ProjectionOptions, UnsupportedPolicy } from "../providers/loss";
export { toOpenAIChat, toOpenAIChatMessages } from "../providers/openai-chat";
export type {
  OpenAIChatAudioPart,
  OpenAIChatFilePart,
  OpenAIChatImagePart,
  OpenAIChatMessages,
  OpenAIChatMessagesOptions,
  OpenAIChatOptions,
  OpenAIChatTextPart,
  OpenAIChatToolCallResult,
  OpenAIChatToolMessage,
  OpenAIChatToolMessages,
  OpenAIChatUserContent,
  OpenAIChatUserMessage,
} from "../providers/openai-chat";
export { toOpenAIResponses } from "../providers/openai-responses";
export type {
  OpenAIResponsesFunctionCallOutput,
  OpenAIResponsesInputFile,
  OpenAIResponsesInputImage,
  OpenAIResponsesInputText,
  OpenAIResponsesOptions,
  OpenAIResponsesOutputItem,
} from "../providers/openai-responses";
