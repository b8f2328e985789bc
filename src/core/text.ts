/**
 * Orders strings by UTF-16 code units, as `<` does: the same order on every machine and locale, which the
 * output's determinism relies on (`localeCompare` depends on the ICU data Node was built with).
 */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A whole number with commas between thousands, as en-US writes it: 52320 → "52,320". */
export function formatCount(value: number): string {
  const digits = String(Math.round(Math.abs(value)));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return value < 0 && digits !== '0' ? `-${grouped}` : grouped;
}

/** Bytes as B, kB or MB with one decimal. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${Math.round(bytes)} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
