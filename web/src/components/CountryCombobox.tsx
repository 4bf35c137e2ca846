import { useMemo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries, useCountryLanguage } from '../lib/countries/countries';
import { Combobox, type ComboboxOption } from './Combobox';

/**
 * A country chosen from the one list (contracts' COUNTRIES), suggested in the reader's language and found by its
 * English name too. The field keeps the country's English name, as records and the certificate do.
 */
export function CountryCombobox(props: {
  id: string;
  label: string;
  value: string;
  onChange: (englishName: string) => void;
  onBlur?: () => void;
  required?: boolean;
  error?: string;
  maxLength?: number;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const countries = useCountries();
  const language = useCountryLanguage();
  const options = useMemo<ComboboxOption[]>(
    () =>
      (countries ?? [])
        .map((c) => ({ value: c.en, label: c[language], also: language === 'en' ? [] : [c.en] }))
        .sort((a, b) => a.label.localeCompare(b.label, language)),
    [countries, language],
  );
  return <Combobox {...props} options={options} noMatches={countries ? t('form.noMatches') : t('form.loadingSuggestions')} />;
}
