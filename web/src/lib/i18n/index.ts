import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, OFFENSE_TYPE_NAMES, OFFENSE_TYPES, type Language } from '@pes/contracts';
import { storedLanguage, storeLanguage } from './languages';

/** Namespaces, one per feature area; each has a JSON file per language under src/locales. */
export const NAMESPACES = [
  'common',
  'validation',
  'errors',
  'home',
  'auth',
  'complaints',
  'fines',
  'police',
  'slots',
  'payments',
  'officers',
  'admin',
  'clearance',
  'anonymous',
  'notifications',
  'account',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json');

/**
 * A namespace is `<ns>.json` merged with any `<ns>.<feature>.json` beside it, so each feature keeps its
 * own validation and error texts. English validation texts are the contracts' own, so server and browser
 * say the same thing.
 */
async function loadNamespace(lng: string, ns: string): Promise<Record<string, unknown>> {
  if (lng === 'en' && ns === 'validation') return (await import('./validation-en')).validationMessagesEn;
  const prefix = `../../locales/${lng}/${ns}.`;
  const parts = Object.keys(loaders).filter((file) => file === `${prefix}json` || (file.startsWith(prefix) && file.endsWith('.json')));
  const loaded = await Promise.all(parts.map((file) => loaders[file]!()));
  return Object.assign({}, ...loaded.map((m) => m.default), ns === 'fines' && { offenseTypes: offenseTypeNames(lng as Language) });
}

/** The offences' names come from the contracts, where the server's messages read them too. */
const offenseTypeNames = (lng: Language) => Object.fromEntries(OFFENSE_TYPES.map((type) => [type, OFFENSE_TYPE_NAMES[type][lng]]));

/**
 * Fetches namespaces' texts in the current language (the stored one before i18next has started) without waiting for
 * i18next, so that loading them afterwards finds them fetched: a page's texts then load alongside its code.
 */
export function fetchNamespacesAhead(namespaces: readonly Namespace[]) {
  const lng = i18n.resolvedLanguage ?? storedLanguage();
  return Promise.all(namespaces.map((ns) => loadNamespace(lng, ns)));
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng: string, ns: string, callback: ReadCallback) {
    loadNamespace(lng, ns).then(
      (data) => callback(null, data as never),
      (err) => callback(err as Error, false),
    );
  },
};

export function setDocumentLanguage(lng: string) {
  document.documentElement.lang = lng;
}

export const i18nReady = i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    // Validation texts load with the areas, whose pages have the forms (app/area.tsx).
    ns: ['common', 'errors'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    react: { useSuspense: true },
  })
  .then(() => setDocumentLanguage(i18n.language));

i18n.on('languageChanged', (lng) => {
  storeLanguage(lng as Language);
  setDocumentLanguage(lng);
});

export { i18n };
