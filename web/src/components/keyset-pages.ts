import { useState } from 'react';

/**
 * The keyset pages walked so far (each page's cursor), for the filter they belong to: another `scope`
 * (a new search, another filter) starts again at the first page. `cursor` is what to ask the server for
 * (null: the first page); `controls` gives TablePages the page shown and the moves from it; `restart`
 * goes back to the first page (a search asked for again, even with the same words).
 */
export function useKeysetPages(scope: string) {
  const [walked, setWalked] = useState<{ scope: string; cursors: string[] }>({ scope, cursors: [] });
  // Forgotten at once (React's state set while rendering): coming back to a scope walked before, as clearing a date
  // filter does, starts it again at its first page too, not at the page it was left on.
  if (walked.scope !== scope) setWalked({ scope, cursors: [] });
  const cursors = walked.scope === scope ? walked.cursors : [];
  return {
    cursor: cursors.at(-1) ?? null,
    restart: () => setWalked({ scope, cursors: [] }),
    /** `next` is the cursor the page shown gives for the page after it (null on the last page). */
    controls: (next: string | null) => ({
      page: cursors.length,
      hasNext: next !== null,
      onPage: (to: number) => setWalked({ scope, cursors: to > cursors.length ? (next ? [...cursors, next] : cursors) : cursors.slice(0, to) }),
    }),
  };
}
