// RFC 3339 date-times: the check of `Request.expiresAt`, and the exact comparison of an instant with it
// (an expiresAt may carry digits beyond the milliseconds a JavaScript time holds). See docs/suspension.md,
// "Requests and answers": years 0000 to 9999, a real day, and a second of 60 only at 23:59:60 UTC.

import { dateTime } from "./platform";

const RFC3339 = /^(\d{4})-(\d\d)-(\d\d)[Tt ](\d\d):(\d\d):(\d\d)(?:\.(\d+))?(?:[Zz]|([+-])(\d\d):(\d\d))$/;

/** The minute of the day at which leap seconds fall (23:59 UTC). */
const LAST_MINUTE = 23 * 60 + 59;

/** A date-time read: its whole milliseconds since the epoch, and the digits of its fraction (`""` for none). */
interface Instant {
  readonly at: number;
  readonly fraction: string;
}

/**
 * The instant of an RFC 3339 date-time, or `undefined` when it is not one. `at` holds the fraction's first
 * three digits; the digits beyond the milliseconds stay in `fraction`, as text (they are compared, never
 * converted: a fraction of any length costs time linear in its length).
 */
function parseRfc3339(s: string): Instant | undefined {
  // A group that did not match (the fraction; the offset, for Z) is undefined.
  const m: readonly (string | undefined)[] | null = RFC3339.exec(s);
  if (!m) return undefined;
  const n = (i: number): number => Number(m[i] ?? 0);
  const [year, month, day, hour, minute, second, oh, om] = [n(1), n(2), n(3), n(4), n(5), n(6), n(9), n(10)];
  // Midnight of the day. Unlike Date.UTC, which reads years 0 to 99 as 1900 to 1999, setUTCFullYear takes them as
  // they are. A day or month out of range rolls over into another month (two digits cannot roll a whole year).
  const midnight = new Date(0).setUTCFullYear(year, month - 1, day);
  if (new Date(midnight).getUTCMonth() !== month - 1 || hour > 23 || minute > 59 || second > 60 || oh > 23 || om > 59) return undefined;
  const offsetMinutes = m[8] === undefined ? 0 : (oh * 60 + om) * (m[8] === "-" ? -1 : 1);
  const minuteOfDay = hour * 60 + minute - offsetMinutes;
  // A leap second (:60) exists only at 23:59:60 UTC; it is read as the first instant of the next minute.
  if (second === 60 && ((minuteOfDay % 1440) + 1440) % 1440 !== LAST_MINUTE) return undefined;
  const fraction = m[7] ?? "";
  // The milliseconds from the fraction's first three digits, read as text: no float multiplication to round.
  const millis = fraction === "" ? 0 : Number(`${fraction.slice(0, 3)}00`.slice(0, 3));
  return { at: midnight + minuteOfDay * 60000 + second * 1000 + millis, fraction };
}

/** True when `s` is an RFC 3339 date-time (years 0000 to 9999, a real day, a valid time and offset). */
export function isRfc3339(s: string): boolean {
  return parseRfc3339(s) !== undefined;
}

/**
 * True when the instant `t` (milliseconds, maybe fractional) is at or past the date-time `s` (checked by the
 * caller), compared exactly: the binary fraction of `t` beyond the milliseconds is written out in decimal
 * digits (at most 1074 of them: a double's), and compared digit by digit with those of `s`, so that the time
 * is linear in the length of `s`'s fraction.
 */
export function isAtOrPast(t: number, s: string): boolean {
  const instant = parseRfc3339(s);
  if (instant === undefined) return false;
  const { at, fraction } = instant;
  // The expiry is in [at, at + 1): the digits beyond the milliseconds decide only when t is in there too.
  if (t >= at + 1) return true;
  if (t < at) return false;
  // 0 <= d < 1, exact: t and at are close, so their difference is (Sterbenz). d = m / 2^k with m an integer.
  let d = t - at;
  let k = 0;
  while (!Number.isInteger(d)) {
    d *= 2;
    k++;
  }
  // m / 2^k = m * 5^k / 10^k: k decimal digits, exactly.
  const mine = k === 0 ? "" : (BigInt(d) * 5n ** BigInt(k)).toString().padStart(k, "0");
  // t is at or past when its digits are not below the expiry's (beyond its first three), missing digits being zeros.
  const length = Math.max(mine.length, fraction.length - 3);
  for (let i = 0; i < length; i++) {
    const a = i < mine.length ? mine.charCodeAt(i) : 48;
    const b = i + 3 < fraction.length ? fraction.charCodeAt(i + 3) : 48;
    if (a !== b) return a > b;
  }
  return true;
}

/**
 * A number as it is, or the time of a Date of any realm read from its internal slot (platform.ts `dateTime`: a
 * subclass's getTime is never called); NaN for an invalid Date, a Proxy of a Date, or anything else.
 */
export function timeOf(value: unknown): number {
  return typeof value === "number" ? value : (dateTime(value) ?? NaN);
}
