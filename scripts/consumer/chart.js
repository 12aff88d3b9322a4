// The chart every test file here uses, appended after the project's head.js (which brings ContentPart into scope).
// A 48-byte payload (a PNG signature, then 40 bytes) whose base64 must never appear in any output.
const png = new Uint8Array(48);
png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
for (let i = 8; i < 48; i++) png[i] = i;
const chart = ContentPart.fromBytes(png, { mimeType: "image/png", name: "chart.png" });
const payload = chart.data;
