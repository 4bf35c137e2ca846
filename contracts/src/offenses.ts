import type { Language } from './enums';

// Without zod, so that a page may name the offences (the web's i18n gives them to the `fines` texts) without loading
// the schemas: the home page's first load stays within its JavaScript budget (e2e bundle-budget.spec.ts).

export const OFFENSE_TYPES = ['Speeding', 'Illegal Parking', 'Reckless Driving', 'Signal Violation', 'Other'] as const;
export type OffenseType = (typeof OFFENSE_TYPES)[number];
/**
 * Each offence's name in the three languages, once: the pages (the web's `fines` namespace is given them) and the
 * messages (the fine's receipt) say the same.
 */
export const OFFENSE_TYPE_NAMES: Record<OffenseType, Record<Language, string>> = {
  Speeding: { en: 'Speeding', si: 'අධික වේගය', ta: 'அதிவேகம்' },
  'Illegal Parking': { en: 'Illegal Parking', si: 'නීති විරෝධී ලෙස වාහන නැවැත්වීම', ta: 'சட்டவிரோத வாகனத் தரிப்பு' },
  'Reckless Driving': { en: 'Reckless Driving', si: 'නොසැලකිලිමත් ලෙස රිය පැදවීම', ta: 'பொறுப்பற்ற வாகனச் செலுத்துகை' },
  'Signal Violation': { en: 'Signal Violation', si: 'සංඥා උල්ලංඝනය', ta: 'சமிக்ஞை மீறல்' },
  Other: { en: 'Other', si: 'වෙනත්', ta: 'ஏனையவை' },
};
