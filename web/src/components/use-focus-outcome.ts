import { useEffect, useRef } from 'react';

/**
 * Keyboard focus for the outcome of an action (a success or failure message): once `outcome` is rendered
 * (each new value, even an equal text), the element behind the returned ref is scrolled into view and
 * focused, so focus is never dropped to <body> when the button that was pressed disappears or is disabled.
 * `skip` leaves it where it is: a refusal that names fields is the error summary's, which focuses itself.
 * The element needs tabIndex={-1}.
 */
export function useFocusOutcome<E extends HTMLElement = HTMLDivElement>(
  outcome: unknown,
  { skip = false, block = 'nearest' }: { skip?: boolean; block?: ScrollLogicalPosition } = {},
) {
  const ref = useRef<E>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || outcome === null || outcome === undefined || outcome === false || skip) return;
    element.scrollIntoView({ block });
    element.focus({ preventScroll: true });
  }, [outcome, skip, block]);
  return ref;
}
