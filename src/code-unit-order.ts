/**
 * Orders strings by UTF-16 code units, as `<` does: the same order on every machine and locale, which a build's
 * output and its determinism rely on (`localeCompare` depends on the ICU data Node was built with).
 */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
