import type { ModuleErrors } from './entry';

export const clearanceErrors = {
  'clearance.not_found': { status: 404, message: 'No clearance request found for your account.' },
  'clearance.application_not_found': { status: 404, message: 'Clearance application not found' },
  'clearance.identity_mismatch': { status: 403, message: 'You can only look up the clearance request of your own identity number.' },
  'clearance.no_identity': { status: 400, message: 'Your account has no identity number.' },
  'clearance.open_application': { status: 409, message: 'You already have a clearance application in progress.' },
  'clearance.not_completed': { status: 409, message: 'A certificate can be issued only for a completed application.' },
  'clearance.payment_not_found': { status: 404, message: 'This payment session was not found.' },
  'clearance.certificate_not_pdf': {
    status: 400,
    message: 'The certificate must be a PDF file.',
    field: { name: 'certificate_url', message: 'certificatePdfOnly' },
  },
} as const satisfies ModuleErrors<'clearance'>;
