import { Alert } from './Alert';
import { useErrorMessage } from './errors';

/** Why an action failed: its own words, then the server's reason in the reader's language; nothing while it has not failed. */
export function ActionFailed({ title, error }: { title: string; error: unknown }) {
  const errorMessage = useErrorMessage();
  if (!error) return null;
  return (
    <Alert kind="error">
      <strong>{title}</strong> {errorMessage(error)}
    </Alert>
  );
}
