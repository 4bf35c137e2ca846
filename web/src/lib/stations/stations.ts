import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { stationsEndpoints, type Language, type Station } from '@pes/contracts';
import { call } from '../api/client';

/** The police stations: reference data that changes only with a deployment, so cached for the whole visit. */
export function useStations() {
  return useQuery({
    queryKey: ['stations'],
    queryFn: () => call(stationsEndpoints.list).then((r) => r.stations),
    staleTime: Infinity,
  });
}

/** A station's name in a language; the API and every form refer to stations by their English name. */
function localisedStationName(station: Station, language: string) {
  if ((language as Language) === 'si') return station.name_si;
  if ((language as Language) === 'ta') return station.name_ta;
  return station.name;
}

function useLanguage() {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language;
}

/** English name → the name in the chosen language (the English name itself until the list has loaded). */
export function useStationName() {
  const language = useLanguage();
  const { data } = useStations();
  return (englishName: string) => {
    const station = data?.find((s) => s.name === englishName);
    return station ? localisedStationName(station, language) : englishName;
  };
}

/** The stations in the chosen language's alphabetical order, each with its name in that language. */
export function useStationOptions() {
  const language = useLanguage();
  const stations = useStations();
  const options = (stations.data ?? [])
    .map((station) => ({ value: station.name, label: localisedStationName(station, language), id: station.id }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
  return { stations, options };
}
