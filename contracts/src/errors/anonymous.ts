import type { ModuleErrors } from './entry';

export const anonymousErrors = {
  'anonymous.not_found': { status: 404, message: 'Anonymous complaint not found' },
  'anonymous.tracking_not_found': { status: 404, message: 'No report has this tracking code', field: { name: 'tracking_code', message: 'trackingCodeFormat' } },
  'anonymous.forbidden': { status: 403, message: 'Only the assigned officer can see these anonymous complaints' },
} as const satisfies ModuleErrors<'anonymous'>;
