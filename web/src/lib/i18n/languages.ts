import { LANGUAGES, type Language } from '@pes/contracts';

/** Each language named in its own script, as the selector shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', si: 'සිංහල', ta: 'தமிழ்' };

const KEY = 'language';
const FALLBACK_KEY = 'preferredLang';

const isLanguage = (v: string | null): v is Language => v !== null && (LANGUAGES as readonly string[]).includes(v);

/** The stored choice: key `language`, else `preferredLang`, else English. */
export function storedLanguage(): Language {
  try {
    const primary = localStorage.getItem(KEY);
    if (isLanguage(primary)) return primary;
    const fallback = localStorage.getItem(FALLBACK_KEY);
    if (isLanguage(fallback)) return fallback;
  } catch {
    /* storage unavailable */
  }
  return 'en';
}

export function storeLanguage(lng: Language) {
  try {
    localStorage.setItem(KEY, lng);
  } catch {
    /* storage unavailable */
  }
}

/** BCP 47 tags for Intl formatting, Sri Lankan variants. */
export const LOCALE_TAGS: Record<Language, string> = { en: 'en-LK', si: 'si-LK', ta: 'ta-LK' };
