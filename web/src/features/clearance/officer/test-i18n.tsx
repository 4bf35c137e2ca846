import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { validationMessagesEn } from '@pes/contracts';
import common from '../../../locales/en/common.json';
import clearance from '../../../locales/en/clearance.json';
import officer from '../../../locales/en/clearance.officer.json';
import errors from '../../../locales/en/errors.json';
import taCommon from '../../../locales/ta/common.json';
import taClearance from '../../../locales/ta/clearance.json';
import taOfficer from '../../../locales/ta/clearance.officer.json';

/** The officer panel's components with their English (or Tamil) texts (no lazy loading) and a fresh query client. */
export function officerWrapper(lng: 'en' | 'ta' = 'en') {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: {
      en: { common, clearance: { ...clearance, ...officer }, validation: validationMessagesEn, errors },
      ta: { common: taCommon, clearance: { ...taClearance, ...taOfficer } },
    },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}
