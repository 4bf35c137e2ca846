import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface LinkAction {
  to: string;
  label: string;
  /** The way on that the page suggests (at most one); the others are secondary. */
  primary?: boolean;
}

/** The links that lead on from a page or a card, drawn as buttons in one row (`children` follow them: another action). */
export function LinkActions({ actions, className = 'row', children }: { actions: LinkAction[]; className?: string; children?: ReactNode }) {
  return (
    <div className={className}>
      {actions.map((action) => (
        <Link key={action.to} className={`button ${action.primary ? 'button--primary' : 'button--secondary'}`} to={action.to}>
          {action.label}
        </Link>
      ))}
      {children}
    </div>
  );
}
