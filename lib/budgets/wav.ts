// A WAV clip's duration, read from its RIFF header (the `fmt ` chunk's byte rate and the `data` chunk's
// size) through the header reader's lazy byte access: only the chunk headers are decoded. For Gemini's
// audio tokens (docs/budgets.md, "Token rules").
import { headerBytes, startsWithAt, u32le } from "../image-size";

/**
 * The seconds of audio a RIFF/WAVE file holds (`data` size / `fmt ` byte rate), or `undefined` when the
 * header is truncated, lies (a chunk past the end, a byte rate of 0) or is not WAVE. Walks the chunks once,
 * by their sizes; never throws.
 */
export function wavSeconds(data: string | Uint8Array): number | undefined {
  try {
    const b = headerBytes(data);
    if (!startsWithAt(b, 0, "RIFF") || !startsWithAt(b, 8, "WAVE")) return undefined;
    let byteRate = -1;
    let dataSize = -1;
    for (let i = 12; i + 8 <= b.length && (byteRate < 0 || dataSize < 0); ) {
      const size = u32le(b, i + 4);
      if (size < 0 || i + 8 + size > b.length) return undefined;
      if (startsWithAt(b, i, "fmt ")) {
        if (size < 16) return undefined;
        byteRate = u32le(b, i + 8 + 8);
      } else if (startsWithAt(b, i, "data")) {
        dataSize = size;
      }
      i += 8 + size + (size % 2); // chunks are padded to an even size
    }
    return byteRate > 0 && dataSize >= 0 ? dataSize / byteRate : undefined;
  } catch {
    return undefined;
  }
}
