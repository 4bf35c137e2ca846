import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Station } from '@pes/contracts';
import { api } from '../../lib/api/client';

/** The police stations (reference data: cached for the whole visit). */
export function useStations() {
  return useQuery({
    queryKey: ['stations'],
    queryFn: () => api<{ stations: Station[] }>('/stations').then((r) => r.stations),
    staleTime: Infinity,
  });
}

/** A station's name in the chosen language; the API refers to stations by their English name. */
export function useStationName() {
  const { i18n } = useTranslation();
  const { data } = useStations();
  return (englishName: string) => {
    const station = data?.find((s) => s.name === englishName);
    if (!station) return englishName;
    if (i18n.language === 'si') return station.name_si;
    if (i18n.language === 'ta') return station.name_ta;
    return station.name;
  };
}
