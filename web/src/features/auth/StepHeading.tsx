import { useEffect, useRef, type ReactNode } from 'react';

/** A step's heading, focused when the step appears, so keyboard and screen-reader users start there. */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h2 className="mfa__heading" tabIndex={-1} ref={ref}>
      {children}
    </h2>
  );
}
