import type { ReactNode } from 'react';

/**
 * The app's own icons for the outcome of an action (inline SVG: Debian's Chromium and many other systems
 * have no emoji font, so ✅ and ❌ drew as empty boxes). Decorative: the message beside it carries the meaning.
 */
export type StatusKind = 'success' | 'error' | 'info' | 'warning';

const base = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2.2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: 'false',
  'aria-hidden': true,
} as const;

const shapes: Record<StatusKind, ReactNode> = {
  success: (
    <>
      <circle cx="12" cy="12" r="9.5" />
      <path d="m7.5 12.5 3 3 6-6.5" />
    </>
  ),
  error: (
    <>
      <circle cx="12" cy="12" r="9.5" />
      <path d="m8.5 8.5 7 7m0-7-7 7" />
    </>
  ),
  warning: (
    <>
      <path d="M12 3.5 2.5 20h19z" />
      <path d="M12 10v4.5M12 17.5v.01" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M12 11v6M12 7.5v.01" />
    </>
  ),
};

export function StatusIcon({ kind, className = 'status-icon' }: { kind: StatusKind; className?: string }) {
  return (
    <svg {...base} className={`${className} ${className}--${kind}`} data-status-icon={kind}>
      {shapes[kind]}
    </svg>
  );
}
