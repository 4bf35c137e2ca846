import type { Language } from '@pes/contracts';
import { appError } from '../../app-error';
import type { StationsRepository } from './stations.repository';

/** Police stations: the list, and a station from the English name a request gives. */
export function createStationsService(deps: { stations: StationsRepository }) {
  const { stations } = deps;

  /** The station of that English name; `stations.unknown` (400, naming the station field) when there is none. */
  async function byName(name: string) {
    const station = await stations.findByName(name);
    if (!station) throw appError('stations.unknown');
    return station;
  }

  return {
    list: () => stations.list(),
    byName,
    /** The named station's id, or the caller's own station's when no name is given. */
    async idFor(name: string | undefined, ownStationId: number | null) {
      if (name) return (await byName(name)).id;
      if (ownStationId === null) throw appError('stations.unknown');
      return ownStationId;
    },
    /** The station of that name, if there is one (for start-up settings, where an unknown name is not an error). */
    find: (name: string) => stations.findByName(name),
    /**
     * A station's name in a language, as the pages show it (the same table's names, which the web reads from the list):
     * for messages, which refer to a station by its English name. An unknown name is given back as it is.
     */
    async localisedName(name: string, language: Language) {
      const station = await stations.findByName(name);
      if (!station || language === 'en') return name;
      return language === 'si' ? station.nameSi : station.nameTa;
    },
    seedIfEmpty: () => stations.seedIfEmpty(),
  };
}
export type StationsService = ReturnType<typeof createStationsService>;
