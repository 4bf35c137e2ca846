import { describe, expect, it } from 'vitest';
import { STATION_SEEDS } from '../stations/stations.seed-data';
import { renderMessage } from './notifications.templates';

const footer = { message: 'N0123456789AB', settings: 'https://eservices.police.lk/settings' };
/** The longest values a booking's message holds (the reference's number part has six digits). */
const longest = { reference: 'CMP-2026-000123', date: '2026-12-31', time: '10:30' };

describe('appointment messages name the station as the pages do', () => {
  it.each(['complaint_filed', 'appointment_reminder'] as const)(
    '%s: every station, in Sinhala and Tamil, in the SMS (two UCS-2 segments at most) and the e-mail',
    (template) => {
      for (const station of STATION_SEEDS) {
        for (const [language, name] of [
          ['si', station.name_si],
          ['ta', station.name_ta],
        ] as const) {
          const text = renderMessage(template, language, { ...longest, station: name }, footer);
          expect(text.sms, `${language} ${station.name}`).toContain(name);
          expect(text.sms.length, `${language} ${station.name}: ${text.sms}`).toBeLessThanOrEqual(134);
          expect(text.email).toContain(name);
        }
        expect(renderMessage(template, 'en', { ...longest, station: station.name }, footer).sms).toContain(station.name);
      }
    },
  );
});
