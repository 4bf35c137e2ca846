import type { ModuleErrors } from './entry';

export const fineErrors = {
  'fines.not_found': { status: 404, message: 'Fine not found' },
  'fines.already_paid': { status: 409, message: 'This fine has already been paid' },
} as const satisfies ModuleErrors<'fines'>;
