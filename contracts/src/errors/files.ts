import type { ModuleErrors } from './entry';

export const fileErrors = {
  // One answer whatever the reason (no such upload, another person's, for another purpose, used already):
  // it says nothing about files the caller does not own. The thrower names the field that gave the path.
  'files.not_claimable': {
    status: 400,
    message: 'This uploaded file cannot be used here. Upload it again.',
    field: { name: 'path', message: 'uploadUnusable' },
  },
  // The thrower names the file's field.
  'files.unsafe_pdf': {
    status: 400,
    message: 'This PDF contains scripts, actions or embedded files. Save it as a plain PDF (or print it to PDF) and upload it again.',
    field: { name: 'file', message: 'pdfActiveContent' },
  },
  // A PDF the upload check cannot read whole (damaged, cut short, encrypted, too complex): it cannot vouch for it.
  'files.unreadable_pdf': {
    status: 400,
    message:
      'This PDF cannot be read: it is damaged, incomplete or protected by a password. Save it again as a plain PDF without a password (or print it to PDF) and upload it again.',
    field: { name: 'file', message: 'pdfUnreadable' },
  },
  'files.image_too_large': {
    status: 400,
    message: 'This picture has too many pixels (40 megapixels at most). Send a smaller photo.',
    field: { name: 'file', message: 'imageTooManyPixels' },
  },
} as const satisfies ModuleErrors<'files'>;
