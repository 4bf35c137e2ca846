import { forwardRef, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useStationName, useStations } from './stations';

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & { placeholder: string };

/** A select of the police stations, named in the chosen language; the value is the English name. */
export const StationSelect = forwardRef<HTMLSelectElement, Props>(function StationSelect({ placeholder, ...props }, ref) {
  const { t, i18n } = useTranslation('complaints');
  const stations = useStations();
  const nameOf = useStationName();
  const sorted = [...(stations.data ?? [])].sort((a, b) => nameOf(a.name).localeCompare(nameOf(b.name), i18n.language));
  return (
    <select ref={ref} {...props}>
      <option value="">{stations.isPending ? t('appointment.stationsLoading') : placeholder}</option>
      {sorted.map((s) => (
        <option key={s.id} value={s.name}>
          {nameOf(s.name)}
        </option>
      ))}
    </select>
  );
});
