import type { ModuleErrors } from './entry';

export const fineErrors = {
  'fines.not_found': { status: 404, message: 'Fine not found' },
  'fines.already_paid': { status: 409, message: 'This fine has already been paid' },
  'fines.not_yours': { status: 403, message: 'Only the person this fine was issued to can pay it' },
} as const satisfies ModuleErrors<'fines'>;
