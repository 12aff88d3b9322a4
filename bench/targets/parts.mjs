// ContentPart: encoding bytes, and byteLength without decoding.
import { do_not_optimize } from "mitata";
import { base64, pngBytes, SMALL_PNG, MiB } from "../lib/data.mjs";

/** @param {typeof import("../../dist/esm/index.js")} tn */
export function partTargets(tn) {
  const { ContentPart } = tn;
  // A view into a larger buffer, at an offset: fromBytes must encode exactly the bytes the view covers.
  const backing = pngBytes(10 * MiB + 64);
  const view = new Uint8Array(backing.buffer, 16, 10 * MiB);
  view.set(backing.subarray(0, 8)); // the PNG signature, at the start of the view
  const options = { mimeType: "image/png" };
  const big = ContentPart.fromBytes(view, options);
  if (big.data !== base64(view)) throw new Error("bench setup: fromBytes must encode the view's bytes");
  const small = ContentPart.fromBytes(SMALL_PNG, options);
  if (big.byteLength !== 10 * MiB || small.byteLength !== 82) throw new Error("bench setup: unexpected byteLength");

  // Both sides of the byteLength target come from one function literal, so only the part differs.
  const byteLengthOf = (part) => () => do_not_optimize(part.byteLength);

  return [
    {
      id: "fromBytes",
      title: "ContentPart.fromBytes, 10 MiB",
      kind: "heavy",
      limit: 1.15,
      baseline: { label: "Buffer.from(view.buffer, view.byteOffset, view.byteLength).toString(\"base64\")", fn: () => do_not_optimize(Buffer.from(view.buffer, view.byteOffset, view.byteLength).toString("base64")) },
      candidate: { label: "ContentPart.fromBytes(view, { mimeType })", fn: () => do_not_optimize(ContentPart.fromBytes(view, options)) },
    },
    {
      id: "byteLength",
      title: "byteLength, 10 MiB vs 82 bytes",
      limit: 1.2,
      baseline: { label: "part.byteLength, 82 bytes", fn: byteLengthOf(small) },
      candidate: { label: "part.byteLength, 10 MiB", fn: byteLengthOf(big) },
    },
  ];
}
