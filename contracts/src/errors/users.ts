import type { ModuleErrors } from './entry';

export const userErrors = {
  'users.officer_id_taken': {
    status: 409,
    message: 'This officer ID is already in use',
    field: { name: 'officer_id', message: 'officerIdTaken' },
  },
  'users.not_found': { status: 404, message: 'This user does not exist or was deleted' },
  'users.cannot_delete_self': { status: 409, message: 'You cannot delete your own account' },
  'users.not_deactivated': { status: 409, message: 'This account is active: there is nothing to reactivate' },
  'users.last_administrator': { status: 409, message: 'The last administrator cannot be deleted' },
  'users.collision_not_found': { status: 404, message: 'There is no such pair of accounts sharing an identity number' },
  'users.collision_resolved': { status: 409, message: 'This pair of accounts has already been resolved' },
} as const satisfies ModuleErrors<'users'>;
