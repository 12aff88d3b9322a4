// Type-checked (not run) as a web app's source: `moduleResolution: bundler`, the DOM library and no Node
// types at all. The core's declarations must not need `Buffer` or any `node:` module.
import { ContentPart, ToolResult } from "toolnexus";

export async function fromInput(input: HTMLInputElement): Promise<ToolResult> {
  const file: File | undefined = input.files?.[0];
  if (file === undefined) return ToolResult.error("no file chosen");
  const part: ContentPart = await ContentPart.from(file);
  const fromStream: ContentPart = await ContentPart.file(file.stream(), { mimeType: file.type || "application/octet-stream" });
  return ToolResult.ok(file.name, { parts: [part, fromStream] });
}

export const typeOfBytes: string = ContentPart.fromBytes(new ArrayBuffer(8), { mimeType: "image/png", verifyMime: false }).type;
