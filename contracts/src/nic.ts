/**
 * The Sri Lankan National Identity Card number, in its two forms, and what it encodes.
 *
 * - Old form (cards until 2015): 9 digits and a letter, `YY DDD SSS C V|X`: the birth year's last two digits
 *   (always 19YY), the day of the birth year (+500 for women), a serial, a check digit, and V (a voter) or X.
 * - New form (from 2016): 12 digits, `YYYY DDD SSSS C`. An old card's holder keeps their number in the new
 *   form: the century in front and a 0 before the serial (`511521766V` → `1951 152 0176 6` = `195115201766`);
 *   the letter is dropped.
 *
 * One person is one number: every NIC is stored and compared in the 12-digit form (`normaliseNic`), so the
 * two forms of one number are one account, one fine history, one certificate.
 *
 * The day of the year counts every year as having a 29 February (the Department for Registration of
 * Persons' convention: 1 March is day 61 in every year, 31 December day 366). The demo citizen follows it
 * (199010312345, born 12 April 1990: day 103 counting a 29 February, 102 + 1 without); decoders that count
 * the calendar's days are one day off from March in three years of four. Day 60 (29 February) is a real
 * day only in a leap year.
 */

/** Either form, as typed (after `normaliseIdentityNumber`: no spaces, upper case). */
export const NIC_PATTERN = /^(\d{9}[VvXx]|\d{12})$/;
const OLD_FORM = /^(\d{5})(\d{4})[VX]$/;

/** Upper case without spaces: "199010312345", "N1234567". Any identity number, either kind. */
export const normaliseIdentityNumber = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * A NIC in its one stored form, the 12-digit one: an old-form number becomes the new form of the same
 * number ("511521766V" and "511521766x" → "195115201766"); anything else is only normalised
 * (`normaliseIdentityNumber`), so a malformed one stays as malformed for the format check to name.
 */
export function normaliseNic(value: string): string {
  const compact = normaliseIdentityNumber(value);
  const old = OLD_FORM.exec(compact);
  return old ? `19${old[1]}0${old[2]}` : compact;
}

/** An identity number of a known kind in its stored form: a NIC's 12 digits, a passport's upper case. */
export const normaliseIdentity = (identityType: 'NIC' | 'Passport', value: string) =>
  identityType === 'NIC' ? normaliseNic(value) : normaliseIdentityNumber(value);

/**
 * A search term typed where a NIC may be, as the start of a stored (12-digit) number: a whole old-form NIC in its
 * new form; the start of an old-form one (up to 9 digits, not starting 19 or 20 as a new one's year does) too
 * ("85123" → "1985123", "851234" → "19851230"); anything else (a new-form start, a passport number) as typed.
 */
export function normaliseIdentitySearch(value: string): string {
  const compact = normaliseNic(value);
  if (!/^\d{1,9}$/.test(compact) || /^(19|20)/.test(compact)) return compact;
  return compact.length <= 5 ? `19${compact}` : `19${compact.slice(0, 5)}0${compact.slice(5)}`;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
/** Days before each month, in a year with a 29 February (the NIC's count). */
const DAYS_BEFORE_MONTH = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335];

export interface DecodedNic {
  /** The birth date the number encodes, `YYYY-MM-DD`. */
  birthDate: string;
  sex: 'male' | 'female';
}

/**
 * The birth date and sex a NIC encodes; null when it is not a NIC or its day is no real day (0, over 366,
 * 29 February of a year that has none, 367–500, over 866) or its year is before 1900.
 */
export function decodeNic(value: string): DecodedNic | null {
  const nic = normaliseNic(value);
  if (!/^\d{12}$/.test(nic)) return null;
  const year = Number(nic.slice(0, 4));
  const coded = Number(nic.slice(4, 7));
  const sex = coded > 500 ? 'female' : 'male';
  const day = sex === 'female' ? coded - 500 : coded;
  if (year < 1900 || day < 1 || day > 366 || (day === 60 && !isLeapYear(year))) return null;
  let month = 11;
  while (DAYS_BEFORE_MONTH[month]! >= day) month--;
  const dayOfMonth = day - DAYS_BEFORE_MONTH[month]!;
  return { birthDate: `${year}-${String(month + 1).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`, sex };
}

/** The message naming what is wrong with a NIC, or nothing: its shape, then its day, then (given) the date of birth. */
export function nicProblem(value: string, dateOfBirth?: string): 'nicFormat' | 'nicDay' | 'nicBirthDate' | undefined {
  if (!NIC_PATTERN.test(normaliseIdentityNumber(value))) return 'nicFormat';
  const decoded = decodeNic(value);
  if (!decoded) return 'nicDay';
  if (dateOfBirth !== undefined && decoded.birthDate !== dateOfBirth) return 'nicBirthDate';
  return undefined;
}

/** The NIC day (of a man) for a birth date `YYYY-MM-DD`: for test data and examples ("1990-04-12" → "103"). */
export function nicDayOf(birthDate: string): string {
  const [, month, day] = birthDate.split('-').map(Number);
  return String(DAYS_BEFORE_MONTH[month! - 1]! + day!).padStart(3, '0');
}
