import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import common from '../locales/en/common.json';

/** A fresh English i18next with the `common` texts, ready at once (no lazy loading, no suspense). */
function englishI18n() {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { common } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

/** Renders a component the way the app does: with English texts and inside a router at `path`. */
export function renderInApp(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const i18n = englishI18n();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </I18nextProvider>
  );
  return render(ui, { wrapper });
}
