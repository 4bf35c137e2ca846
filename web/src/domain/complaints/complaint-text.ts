import { useTranslation } from 'react-i18next';
import type { Complaint } from '@pes/contracts';
import { hhmm, useFormat } from '../../components/format';
import { useStationName } from '../../lib/stations/stations';

/** Texts of a complaint's coded fields in the chosen language. */
export function useComplaintText() {
  const { t } = useTranslation('complaints');
  const format = useFormat();
  const stationName = useStationName();
  return {
    type: (c: Complaint) => t(`complaintType.${c.complaint_type}`),
    /** "Crime complaint" and the like: a noun phrase of its own in every language. */
    title: (c: Complaint) => t(`complaintTitle.${c.complaint_type}`),
    /** What kind of incident: category and type, each translated; traffic's type is free text. */
    incident: (c: Complaint) => {
      if (c.complaint_type === 'traffic') {
        const category = c.traffic_category ? t(`trafficCategory.${c.traffic_category}`) : '';
        return [category, c.incident_type].filter(Boolean).join(' — ');
      }
      const type = c.incident_type ? t(`incidentType.${c.incident_type}`, { defaultValue: c.incident_type }) : '';
      if (c.complaint_type === 'crime' && c.crime_category) return `${t(`crimeCategory.${c.crime_category}`)} — ${type}`;
      return type;
    },
    appointment: (c: Complaint) =>
      c.appointment
        ? t('track.appointmentValue', {
            date: format.calendarDate(c.appointment.date),
            from: hhmm(c.appointment.time_from),
            to: hhmm(c.appointment.time_to),
          })
        : t('track.noAppointment'),
    station: (c: Complaint) => stationName(c.station),
  };
}
