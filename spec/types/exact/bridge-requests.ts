// Type tests of the pause bridges' request and answer types (compiled by `npm run typecheck`, with
// exactOptionalPropertyTypes on and off): every bridge takes a `Request` subclass whose data type is an
// interface, as it takes any `Request`; and `fromMcpElicitResult` takes what the MCP SDK's `ElicitResult`
// allows, no more: a form value of `undefined` is refused by the type, as the SDK's type and schema refuse it
// (and the runtime, at `content.<field>`). Every `@ts-expect-error` line must fail to compile. Nothing here runs.
import { Answer, Request } from "toolnexus";
import { fromA2aAnswer, fromLangGraphResume, fromMcpElicitResult, toA2aAnswer, toLangChainHitlResponse, toLangGraphInterrupt, toLangGraphResume } from "toolnexus/providers";
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";

interface Deploy {
  toolName: string;
  args: { env: string };
  allowedDecisions: string[];
}
class DeployRequest extends Request<Deploy> {}

export function interfaceData(req: DeployRequest, answer: Answer<{ args: { env: string } }>): void {
  toLangGraphInterrupt(req);
  fromLangGraphResume(req, toLangGraphResume(answer).resume);
  toLangChainHitlResponse([req], [answer]);
  fromA2aAnswer(req, toA2aAnswer(answer, { taskId: "t-1" }));
}

export function elicitResults(req: Request, sdk: ElicitResult): void {
  fromMcpElicitResult(req, sdk);
  fromMcpElicitResult(req, { action: "accept", content: { env: "prod", replicas: 2, dry: false, tags: ["a"] } });
  fromMcpElicitResult(req, { action: "decline" });
  // @ts-expect-error: a form value is a string, number, boolean or list of strings, never undefined (as the SDK's ElicitResult says)
  fromMcpElicitResult(req, { action: "accept", content: { env: undefined } });
}
