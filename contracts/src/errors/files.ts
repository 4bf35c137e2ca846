import type { ModuleErrors } from './entry';

export const fileErrors = {
  // One answer whatever the reason (no such upload, another person's, for another purpose, used already):
  // it says nothing about files the caller does not own. The thrower names the field that gave the path.
  'files.not_claimable': {
    status: 400,
    message: 'This uploaded file cannot be used here. Upload it again.',
    field: { name: 'path', message: 'uploadUnusable' },
  },
} as const satisfies ModuleErrors<'files'>;
