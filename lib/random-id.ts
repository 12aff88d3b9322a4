// The ids `Request.create` generates when none is given.

/** A random UUID (version 4). */
export function randomId(): string {
  const crypto = (globalThis as { crypto?: Crypto }).crypto;
  // One random byte per hex digit; Math.random where there is no Web Crypto (a Uint8Array truncates to 0-255).
  const bytes = crypto?.getRandomValues ? crypto.getRandomValues(new Uint8Array(31)) : Uint8Array.from({ length: 31 }, () => Math.random() * 256);
  let i = 0;
  // x is any hex digit; y is 8, 9, a or b (the variant bits 10); the 4 is the version.
  return "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx".replace(/[xy]/g, (c) => (c === "x" ? bytes[i++] & 15 : (bytes[i++] & 3) | 8).toString(16));
}
