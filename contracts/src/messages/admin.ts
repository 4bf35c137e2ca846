/** Validation messages of the administrator's area (English). */
export const adminMessagesEn = {
  invalidCursor: 'This page link is not valid. Start from the first page.',
  thresholdInvalid: 'Enter a whole number of 0 or more.',
} as const;
