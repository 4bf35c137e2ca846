import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@pes/contracts';

/** A country of the one list (contracts' COUNTRIES), named in each language. */
export interface Country {
  code: string;
  en: string;
  si: string;
  ta: string;
}

// The names in Sinhala and Tamil stay out of the first bundle: the list is loaded once, when first needed.
let loading: Promise<Country[]> | null = null;
export const loadCountries = () => (loading ??= import('./countries.json').then((m) => m.default as Country[]));

/** The reader's language, as the list names countries in it. */
export function useCountryLanguage(): Language {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return language === 'si' || language === 'ta' ? language : 'en';
}

/** The country list (null until it has loaded). */
export function useCountries(): Country[] | null {
  const [countries, setCountries] = useState<Country[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadCountries().then((list) => live && setCountries(list));
    return () => {
      live = false;
    };
  }, []);
  return countries;
}

/** A stored country (its English name) in a language; a name not in the list (an old free-text record) as it was kept. */
export function countryName(countries: readonly Country[] | null, englishName: string, language: Language) {
  return countries?.find((c) => c.en === englishName)?.[language] ?? englishName;
}

/** English name → the name in the reader's language (the stored text itself until the list has loaded, or if it is not listed). */
export function useCountryName() {
  const countries = useCountries();
  const language = useCountryLanguage();
  return (englishName: string) => countryName(countries, englishName, language);
}
