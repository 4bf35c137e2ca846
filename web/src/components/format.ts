import { useTranslation } from 'react-i18next';
import { TIME_ZONE, type Language } from '@pes/contracts';
import { LOCALE_TAGS } from '../i18n/languages';

/** Dates, times and LKR amounts formatted for the chosen language, in Colombo time. */
export function useFormat() {
  const { i18n } = useTranslation();
  const tag = LOCALE_TAGS[(i18n.language as Language) ?? 'en'] ?? 'en-LK';
  return {
    date: (value: string | Date) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: TIME_ZONE }).format(new Date(value)),
    dateTime: (value: string | Date) =>
      new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(new Date(value)),
    money: (amount: string | number) =>
      new Intl.NumberFormat(tag, { style: 'currency', currency: 'LKR', currencyDisplay: 'code' }).format(Number(amount)),
    number: (n: number) => new Intl.NumberFormat(tag).format(n),
  };
}

/** Today's date in Colombo as YYYY-MM-DD (the minimum for appointment dates). */
export function todayInColombo(now = new Date()) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** HH:MM of a time like 09:30:00. */
export const hhmm = (time: string) => time.slice(0, 5);
