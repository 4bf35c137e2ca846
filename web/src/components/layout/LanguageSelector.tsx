import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@pes/contracts';
import { LANGUAGE_NAMES } from '../../lib/i18n/languages';
import { useSession } from '../../lib/session/session-context';

export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const choose = (language: Language) => {
    void i18n.changeLanguage(language);
    // A citizen's choice is their account's language too (messages come in it). Loaded on demand: the call's
    // description carries zod schemas the first page does not need. A failure leaves the account's language as
    // it was; the settings page shows and changes it.
    if (user?.role === 'citizen') void import('../../lib/session/account-language').then((m) => m.saveAccountLanguage(language)).catch(() => {});
  };
  return (
    <div className="language-selector">
      <label htmlFor="language-select">{t('nav.language')}</label>
      <select id="language-select" value={i18n.resolvedLanguage ?? i18n.language} onChange={(e) => choose(e.target.value as Language)}>
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
    </div>
  );
}
