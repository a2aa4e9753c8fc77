/**
 * After a submit that failed, moves focus to what needs fixing: the first invalid field, or else the form's
 * error (FormError). A keyboard user is then where the work is, and a screen reader reads the field's label
 * and its message together (decision 048: errors are shown once, in the form, not as a toast).
 */
export function focusFirstError(root: ParentNode | null | undefined) {
  const target = root?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-error]');
  target?.focus();
}
