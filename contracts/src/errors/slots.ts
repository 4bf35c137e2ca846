import type { ModuleErrors } from './entry';

export const slotErrors = {
  'slots.not_found': { status: 404, message: 'This slot does not exist or was deleted' },
  'slots.officer_not_eligible': {
    status: 400,
    message: 'The officer must be an active officer of the slot’s branch and station',
    // The assign request's field: the officer's row id (officers[].id).
    field: { name: 'officerId', message: 'officerNotEligible' },
  },
  'slots.started': {
    status: 400,
    message: 'This slot has already begun: choose a later time',
    field: { name: 'time_from', message: 'slotStarted' },
  },
  'slots.duplicate': { status: 409, message: 'An identical slot (same station, branch, date and times) already exists' },
} as const satisfies ModuleErrors<'slots'>;
