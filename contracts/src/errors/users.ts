import type { ModuleErrors } from './entry';

export const userErrors = {
  'users.officer_id_taken': {
    status: 409,
    message: 'This officer ID is already in use',
    field: { name: 'officer_id', message: 'officerIdTaken' },
  },
} as const satisfies ModuleErrors<'users'>;
