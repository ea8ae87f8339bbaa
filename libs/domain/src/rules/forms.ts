/** Unsaved-changes tracking of the edit forms (docs/product/screens.md). */

/** Structural equality of JSON-like values (the form's values as loaded and as edited). */
export function sameValues(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every(
    (key) =>
      Object.prototype.hasOwnProperty.call(b, key) &&
      sameValues((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/**
 * "The form becomes dirty on any change and clean after a successful save": dirty while the
 * values differ from the last loaded or saved ones. Leaving a dirty form asks for confirmation.
 */
export const isFormDirty = (saved: unknown, current: unknown): boolean =>
  !sameValues(saved, current);
