import { decodeNic } from '../../contracts/src/nic';

let seq = 0;
/**
 * A valid 12-digit NIC unique within the run: a man born 1950–1999 on a day every year has (signup checks the NIC's
 * day against the date of birth: `nicBirthDate` gives it), with a serial of its own.
 */
export function uniqueNic() {
  const n = (Date.now() % 10_000_000) * 100 + (seq++ % 100);
  const dayIndex = Math.floor(n / 50) % 364;
  const day = dayIndex + 1 >= 60 ? dayIndex + 2 : dayIndex + 1;
  return `${1950 + (n % 50)}${String(day).padStart(3, '0')}${String(Math.floor(n / 50 / 364) % 100_000).padStart(5, '0')}`;
}

/** The date of birth a valid NIC encodes, YYYY-MM-DD. */
export const nicBirthDate = (nic: string) => decodeNic(nic)!.birthDate;
