/** "4242424242424242" → "4242 4242 4242 4242", as the card is printed (at most 19 digits). */
export const groupCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "1227" → "12/27"; the slash appears once the month is typed. */
export const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/**
 * Reformats an input in place as the user types, keeping the caret after the same digit, so typing or
 * deleting in the middle works and no keystroke is lost (the field stays uncontrolled).
 */
export function reformatInput(el: HTMLInputElement, format: (value: string) => string) {
  const next = format(el.value);
  if (next === el.value) return;
  const caret = el.selectionStart ?? el.value.length;
  const digitsBefore = el.value.slice(0, caret).replace(/\D/g, '').length;
  el.value = next;
  let pos = 0;
  for (let seen = 0; pos < next.length && seen < digitsBefore; pos++) if (/\d/.test(next[pos]!)) seen++;
  if (document.activeElement === el) el.setSelectionRange(pos, pos);
}
