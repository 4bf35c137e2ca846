import type { ReactNode } from 'react';
import { StatusIcon, type StatusKind } from './StatusIcon';

/** A message in the page: success and info are announced politely, errors at once; the icon is the app's own (no emoji). */
export function Alert({ kind, children }: { kind: StatusKind; children: ReactNode }) {
  return (
    <div className={`alert alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <StatusIcon kind={kind} className="alert__icon" />
      <div className="alert__body">{children}</div>
    </div>
  );
}
