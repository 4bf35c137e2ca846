import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@pes/contracts';
import { LANGUAGE_NAMES } from '../../lib/i18n/languages';

export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  return (
    <div className="language-selector">
      <label htmlFor="language-select">{t('nav.language')}</label>
      <select id="language-select" value={i18n.resolvedLanguage ?? i18n.language} onChange={(e) => void i18n.changeLanguage(e.target.value)}>
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
    </div>
  );
}
