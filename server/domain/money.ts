/**
 * Money as integers: fees are stored in minor units (cents) of the event's ISO 4217 currency
 * (docs/conventions.md, principle 2: no floats). The number of minor digits is the currency's own
 * (EUR 2, JPY 0), as `Intl.NumberFormat` knows it; formatting never divides by a float constant.
 */

/** Minor digits of a currency (2 when the runtime does not know it). */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** "12.50 EUR" for 1250 minor units of EUR; "500 JPY" for 500 of JPY. */
export function formatMoney(minor: number, currency = ""): string {
  // No currency: the bare amount with two minor digits (a CSV's amount column beside its currency).
  const digits = currency ? minorDigits(currency) : 2;
  const sign = minor < 0 ? "-" : "";
  const s = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, "0");
  const whole = digits ? s.slice(0, -digits) : s;
  const amount = `${sign}${whole}${digits ? `.${s.slice(-digits)}` : ""}`;
  return currency ? `${amount} ${currency}` : amount;
}

/** Reads "12.5", "12,50" or "12" as minor units of the currency; null when it is not an amount. */
export function parseMoney(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const m = /^\s*(\d{1,9})(?:[.,](\d*))?\s*$/.exec(text);
  if (!m || (m[2] ?? "").length > digits) return null;
  return Number(m[1]) * 10 ** digits + Number((m[2] ?? "").padEnd(digits, "0") || 0);
}
