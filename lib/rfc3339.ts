// RFC 3339 date-times: the check of `Request.expiresAt`, and the exact comparison of an instant with it
// (an expiresAt may carry digits beyond the milliseconds a JavaScript time holds).
import { dateTime } from "./platform";

const RFC3339 = /^(\d{4})-(\d\d)-(\d\d)[Tt ](\d\d):(\d\d):(\d\d)(\.\d+)?(?:[Zz]|([+-])(\d\d):(\d\d))$/;

/**
 * Milliseconds since the epoch of an RFC 3339 date-time, or `undefined` when it is not one. A fraction
 * beyond the milliseconds is cut here; {@link subMilliseconds} gives it.
 */
function parseRfc3339(s: string): number | undefined {
  const m = RFC3339.exec(s);
  if (!m) return undefined;
  // Groups that did not match (the fraction; the offset, for Z) are NaN, which passes the range checks.
  const [, year, month, day, hour, minute, second, , , oh, om] = m.map(Number);
  // Midnight of the day. Unlike Date.UTC, which reads years 0 to 99 as 1900 to 1999, setUTCFullYear takes them as
  // they are. A day or month out of range rolls over into another month (two digits cannot roll a whole year).
  const midnight = new Date(0).setUTCFullYear(year, month - 1, day);
  if (new Date(midnight).getUTCMonth() !== month - 1 || hour > 23 || minute > 59 || second > 60 || oh > 23 || om > 59) return undefined;
  const offsetMinutes = m[8] ? (oh * 60 + om) * (m[8] === "-" ? -1 : 1) : 0;
  // A leap second (:60) is read as the first instant of the next minute.
  // The milliseconds from the fraction's first three digits, read as text: no float multiplication to round.
  const millis = m[7] ? Number(`${m[7].slice(1)}00`.slice(0, 3)) : 0;
  return midnight + (hour * 60 + minute - offsetMinutes) * 60000 + second * 1000 + millis;
}

/** True when `s` is an RFC 3339 date-time (years 0000 to 9999, a real day, a valid time and offset). */
export function isRfc3339(s: string): boolean {
  return parseRfc3339(s) !== undefined;
}

/**
 * The digits of an RFC 3339 date-time's fraction beyond its milliseconds, trailing zeros left out: `"5"` for
 * `...00.0005Z`, `""` when the instant is a whole number of milliseconds. The caller checked `s`.
 */
function subMilliseconds(s: string): string {
  const fraction = RFC3339.exec(s)?.[7] ?? "";
  return fraction.slice(4).replace(/0+$/, "");
}

/**
 * True when the instant `t` (milliseconds, maybe fractional) is at or past the date-time `s` (checked by the
 * caller), compared exactly: the digits beyond the milliseconds are compared with the binary fraction of `t`
 * in integers (BigInt), never through a rounded double.
 */
export function isAtOrPast(t: number, s: string): boolean {
  const at = parseRfc3339(s)!;
  const beyond = subMilliseconds(s);
  if (beyond === "") return t >= at;
  // The expiry is strictly between at and at + 1.
  if (t >= at + 1) return true;
  if (t <= at) return false;
  // 0 < d < 1, exact: t and at are close, so their difference is (Sterbenz). d = m / 2^k with m an integer.
  let d = t - at;
  let k = 0n;
  while (!Number.isInteger(d)) {
    d *= 2;
    k++;
  }
  // d / 2^k >= D / 10^L  <=>  d * 10^L >= D * 2^k
  return BigInt(d) * 10n ** BigInt(beyond.length) >= BigInt(beyond) * 2n ** k;
}

/**
 * A number as it is, or the time of a Date of any realm by Date.prototype's own method, which reads its internal
 * slot (platform.ts dateTime: a subclass's getTime could return anything); NaN for an invalid Date, a Proxy of
 * a Date (it has no slot to read), or anything else.
 */
export function timeOf(value: unknown): number {
  return typeof value === "number" ? value : (dateTime(value) ?? NaN);
}
