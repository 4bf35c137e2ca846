import type { ModuleErrors } from './entry';

export const slotErrors = {
  'slots.not_found': { status: 404, message: 'This slot does not exist or was deleted' },
  'slots.officer_not_eligible': {
    status: 400,
    message: 'The officer must be an active officer of the slot’s branch and station',
    // The assign request's field: the officer's row id (officers[].id).
    field: { name: 'officerId', message: 'officerNotEligible' },
  },
} as const satisfies ModuleErrors<'slots'>;
