import type { ModuleErrors } from './entry';

export const stationErrors = {
  'stations.unknown': { status: 400, message: 'Unknown police station', field: { name: 'station', message: 'unknownStation' } },
} as const satisfies ModuleErrors<'stations'>;
