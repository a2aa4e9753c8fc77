/**
 * A card number as it is printed, in groups of four ("4242 4242 4242 4242"), with the caret kept after the same
 * digit while the member types or deletes. The server reads the digits only (checkout-card-rules.ts).
 */
export function groupCardNumber(value: string, caret: number): { value: string; caret: number } {
  const digitsBeforeCaret = value.slice(0, caret).replace(/\D/g, "").length;
  const digits = value.replace(/\D/g, "").slice(0, 19);
  const grouped = digits.replace(/(\d{4})(?=\d)/g, "$1 ");
  // Where the same count of digits ends in the grouped text.
  let seen = 0;
  let position = 0;
  while (position < grouped.length && seen < digitsBeforeCaret) {
    if (/\d/.test(grouped[position] ?? "")) seen++;
    position++;
  }
  return { value: grouped, caret: position };
}
