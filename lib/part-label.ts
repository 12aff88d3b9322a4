// How a part is named where its data must not appear: an omitted-part line, a provider's placeholder, a
// summary. Never the data (docs/content-parts.md, "Part data stays out of logs").

/** What a label reads of a part (a ContentPart has these fields and getter). */
interface LabelledPart {
  readonly type: string;
  readonly text?: string | undefined;
  readonly mimeType?: string | undefined;
  readonly data?: string | undefined;
  readonly byteLength: number;
}

/**
 * `image part (image/png, 82 bytes)`: how a part is named where it is left out (an omitted-part line, a
 * provider's placeholder). Never the data.
 */
export function partLabel(p: LabelledPart): string {
  return p.text !== undefined ? `text part (${p.text.length} characters)` : `${p.type} part ${mediaLabel(p)}`;
}

/** `(image/png, 82 bytes)`, or `(image/png, url)` for a url part. */
export function mediaLabel(p: LabelledPart): string {
  return `(${p.mimeType ?? ""}, ${p.data === undefined ? "url" : `${p.byteLength} bytes`})`;
}
