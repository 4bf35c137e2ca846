import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/600.css';
import '@fontsource/noto-sans-sinhala/400.css';
import '@fontsource/noto-sans-sinhala/600.css';
import '@fontsource/noto-sans-tamil/400.css';
import '@fontsource/noto-sans-tamil/600.css';
import './styles/global.css';
import { i18nReady } from './lib/i18n';
import { App } from './app/App';
import { preloadRoute } from './app/router';

// The opened page's code and texts load while the shell's texts do, not after them. The app's first render waits for
// them too: the boot shell (index.html) stays until the page can be drawn, with the page's header where it has one,
// rather than giving way to a bare "Loading…" that the page then replaces.
const pageLoaded = preloadRoute(window.location.pathname);

// The first render is a transition, which React does in slices of a few milliseconds: on a slow phone a single render of
// the whole page held the main thread for a fifth of a second, and a tap in that time waited for all of it.
void Promise.all([i18nReady, pageLoaded]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
