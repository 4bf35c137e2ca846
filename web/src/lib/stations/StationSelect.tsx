import { forwardRef, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useStationOptions } from './stations';

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & { placeholder: string };

/** A select of the police stations, named in the chosen language; the value is the English name. */
export const StationSelect = forwardRef<HTMLSelectElement, Props>(function StationSelect({ placeholder, ...props }, ref) {
  const { t } = useTranslation();
  const { stations, options } = useStationOptions();
  return (
    <select ref={ref} {...props}>
      <option value="">{stations.isPending ? t('stations.loading') : placeholder}</option>
      {options.map((o) => (
        <option key={o.id} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
});
