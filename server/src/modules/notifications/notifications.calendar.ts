/** Sri Lanka keeps one offset all year (no daylight saving): UTC+05:30. */
const COLOMBO_OFFSET_MINUTES = 330;

function colomboToUtc(date: string, time: string) {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, d, h, min) - COLOMBO_OFFSET_MINUTES * 60_000);
}

const icsTime = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/** Commas, semicolons and backslashes are escaped in iCalendar text; new lines become \n. */
const icsText = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');

/** When an appointment starts, as an instant (appointments are booked in Colombo time). */
export const appointmentStart = (appointment: { date: string; time_from: string }) => colomboToUtc(appointment.date, appointment.time_from);

/** RFC 5545 lines are at most 75 octets: a longer one continues on lines that start with a space (never inside a character). */
function fold(line: string) {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * An appointment as an iCalendar file: UTC times only (no time-zone blocks), and a UID made from the
 * complaint's reference, so a later file for the same complaint replaces the entry instead of adding one. Titled as
 * the appointment (what and where), described (reference, what to bring), with an alarm at the reminder's moment.
 */
export function appointmentCalendar(a: {
  reference: string;
  date: string;
  time_from: string;
  time_to: string;
  station: string;
  summary: string;
  description: string;
  reminderMinutes: number;
  now?: Date;
}) {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sri Lanka Police//e-Services//EN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:complaint-${a.reference}@eservices.police.lk`,
    `DTSTAMP:${icsTime(a.now ?? new Date())}`,
    `DTSTART:${icsTime(colomboToUtc(a.date, a.time_from))}`,
    `DTEND:${icsTime(colomboToUtc(a.date, a.time_to))}`,
    `SUMMARY:${icsText(a.summary)}`,
    `LOCATION:${icsText(a.station)}`,
    `DESCRIPTION:${icsText(a.description)}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `TRIGGER:-PT${a.reminderMinutes}M`,
    `DESCRIPTION:${icsText(a.summary)}`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
