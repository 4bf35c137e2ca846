import type { ModuleErrors } from './entry';

export const clearanceErrors = {
  'clearance.not_found': { status: 404, message: 'No clearance request found for your account.' },
  'clearance.application_not_found': { status: 404, message: 'Clearance application not found' },
  'clearance.identity_mismatch': { status: 403, message: 'You can only look up the clearance request of your own identity number.' },
  'clearance.no_identity': { status: 400, message: 'Your account has no identity number.' },
  'clearance.open_application': { status: 409, message: 'You already have a clearance application in progress.' },
  'clearance.not_completed': { status: 409, message: 'A certificate can be issued only for a completed application.' },
  'clearance.payment_not_found': { status: 404, message: 'This payment session was not found.' },
  'clearance.nic_not_own': {
    status: 400,
    message: 'An application is made in your own identity: the NIC number must be the one of your account.',
    field: { name: 'nic_number', message: 'nicNotOwn' },
  },
  'clearance.nic_account_needed': {
    status: 400,
    message:
      'Your account is registered with a passport. A certificate names the NIC number of the account that applies: apply from an account registered with your NIC.',
    field: { name: 'nic_number', message: 'nicAccountNeeded' },
  },
  'clearance.certificate_exists': {
    status: 409,
    message: 'This application has a certificate already. Confirm that the new one replaces it.',
  },
  'clearance.certificate_not_pdf': {
    status: 400,
    message: 'The certificate must be a PDF file.',
    field: { name: 'certificate_url', message: 'certificatePdfOnly' },
  },
} as const satisfies ModuleErrors<'clearance'>;
