import { useTranslation } from 'react-i18next';
import { TIME_ZONE, colomboDate, colomboDateTimeLocal, colomboLocalToDate, type Language } from '@pes/contracts';
import { LOCALE_TAGS } from '../lib/i18n/languages';

/** Sinhala month names, for browsers whose Intl data has no Sinhala (Debian's Chromium, for one). */
const SINHALA_MONTHS = ['ජනවාරි', 'පෙබරවාරි', 'මාර්තු', 'අප්‍රේල්', 'මැයි', 'ජූනි', 'ජූලි', 'අගෝස්තු', 'සැප්තැම්බර්', 'ඔක්තෝබර්', 'නොවැම්බර්', 'දෙසැම්බර්'];

const supported = (tag: string) => Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0;

function makeFormatter(language: Language) {
  const tag = LOCALE_TAGS[language] ?? 'en-LK';
  // Without locale data Intl falls back to English silently; Sinhala then uses its own month names.
  const sinhalaFallback = language === 'si' && !supported(tag);
  const locale = supported(tag) ? tag : 'en-LK';
  const dateFmt = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: TIME_ZONE });
  const dateTimeFmt = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE });
  const moneyFmt = new Intl.NumberFormat(locale, { style: 'currency', currency: 'LKR', currencyDisplay: 'code' });
  const numberFmt = new Intl.NumberFormat(locale);
  const sinhalaDate = (d: Date) => {
    const [year, month, day] = colomboDate(d).split('-').map(Number) as [number, number, number];
    return `${year} ${SINHALA_MONTHS[month - 1]} ${day}`;
  };
  const date = (value: string | Date) => (sinhalaFallback ? sinhalaDate(new Date(value)) : dateFmt.format(new Date(value)));
  return {
    date,
    /**
     * A calendar date (YYYY-MM-DD) as it is in Colombo. Read as noon there, so it is the same day in
     * every formatter, whatever the browser's own time zone; anything else is shown as it came.
     */
    calendarDate: (day: string) => {
      const noon = colomboLocalToDate(`${day}T12:00`);
      return noon ? date(noon) : day;
    },
    dateTime: (value: string | Date) =>
      sinhalaFallback ? `${sinhalaDate(new Date(value))}, ${colomboDateTimeLocal(new Date(value)).slice(11)}` : dateTimeFmt.format(new Date(value)),
    // No-break spaces only: the code and the number stay together inside a sentence too.
    money: (amount: string | number) => moneyFmt.format(Number(amount)).replace(/\s/g, '\u00a0'),
    number: (n: number) => numberFmt.format(n),
  };
}

const cache = new Map<Language, ReturnType<typeof makeFormatter>>();

/** Dates, times and LKR amounts formatted for a language, in Colombo time. */
export function formatterFor(language: Language) {
  let formatter = cache.get(language);
  if (!formatter) {
    formatter = makeFormatter(language);
    cache.set(language, formatter);
  }
  return formatter;
}

/** The formatter of the chosen language. */
export function useFormat() {
  const { i18n } = useTranslation();
  return formatterFor(((i18n.resolvedLanguage ?? i18n.language) as Language) ?? 'en');
}

/** HH:MM of a time like 09:30:00. */
export const hhmm = (time: string) => time.slice(0, 5);
