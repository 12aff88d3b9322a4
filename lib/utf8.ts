// The length of text as UTF-8 bytes, without encoding it (a text part's byteLength).

/** The UTF-8 length of a string; a lone surrogate counts as U+FFFD, 3 bytes, as TextEncoder writes it. */
export function utf8Length(s: string): number {
  // Each UTF-16 unit is counted once to begin with; a character of 2 UTF-8 bytes adds 1, one of 3 bytes adds 2,
  // and so does a surrogate pair (4 bytes in 2 units).
  let n = s.length;
  for (const c of s) {
    const cp = c.codePointAt(0) ?? 0;
    if (cp >= 0x80) n += cp < 0x800 ? 1 : 2;
  }
  return n;
}
