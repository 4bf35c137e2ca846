import type { ReactNode } from 'react';

/** A message in the page: success and info are announced politely, errors at once. */
export function Alert({ kind, children }: { kind: 'success' | 'error' | 'info' | 'warning'; children: ReactNode }) {
  return (
    <div className={`alert alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
