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

/**
 * An appointment as an iCalendar file: UTC times only (no time-zone blocks), and a UID made from the
 * complaint's reference, so a later file for the same complaint replaces the entry instead of adding one.
 */
export function appointmentCalendar(a: { reference: string; date: string; time_from: string; time_to: string; station: string; summary: string; now?: Date }) {
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
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.join('\r\n')}\r\n`;
}
