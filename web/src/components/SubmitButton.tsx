/** A form's submit button: disabled while the form is being sent, and saying so. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  kind = 'primary',
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  kind?: 'primary' | 'danger';
}) {
  return (
    <button type="submit" className={`button button--${kind}`} disabled={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}
