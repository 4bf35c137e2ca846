import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCountries, useCountryLanguage, type Country } from '../../../lib/countries/countries';
import { paths } from '../../../paths';

/**
 * The notice for applicants who left Sri Lanka before 16: they apply through a Sri Lankan mission abroad.
 * The country list (names in en/si/ta, made by web/scripts/clearance-countries.mjs) loads only when needed; Sri Lanka
 * itself has no mission of its own abroad, so it is left out.
 */
export function CountryNotice() {
  const { t } = useTranslation('clearance');
  const language = useCountryLanguage();
  const list = useCountries();
  const countries = useMemo(() => list?.filter((c) => c.code !== 'LK') ?? null, [list]);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<Country | null>(null);

  const matches = useMemo(() => {
    const q = query.trim().toLocaleLowerCase();
    const sorted = [...(countries ?? [])].sort((a, b) => a[language].localeCompare(b[language], language));
    return q ? sorted.filter((c) => c[language].toLocaleLowerCase().includes(q) || c.en.toLowerCase().includes(q)) : sorted;
  }, [countries, query, language]);

  return (
    <section className="card clearance-notice" aria-labelledby="clr-notice-title">
      <h3 id="clr-notice-title">{t('apply.notice.title')}</h3>
      <p>{t('apply.notice.body')}</p>
      <div className="field">
        <label htmlFor="clr-country-search">{t('apply.notice.search')}</label>
        <input id="clr-country-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} aria-describedby="clr-country-count" />
        <p id="clr-country-count" className="field__hint" aria-live="polite">
          {countries ? t('apply.notice.count', { count: matches.length }) : t('apply.notice.loading')}
        </p>
      </div>
      <ul className="clearance-notice__list" aria-label={t('apply.notice.listLabel')}>
        {matches.map((c) => (
          <li key={c.code}>
            <button type="button" className="button button--ghost" aria-pressed={chosen?.code === c.code} onClick={() => setChosen(c)}>
              {c[language]}
            </button>
          </li>
        ))}
      </ul>
      {chosen ? (
        <p role="status" className="clearance-notice__chosen">
          {t('apply.notice.mission', { country: chosen[language] })}
        </p>
      ) : null}
      <Link className="button button--secondary" to={paths.clearance}>
        {t('apply.notice.return')}
      </Link>
    </section>
  );
}
