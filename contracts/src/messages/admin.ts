/** Validation messages of the administrator's area (English). */
export const adminMessagesEn = {
  invalidCursor: 'This page link is not valid. Start from the first page.',
  thresholdInvalid: 'Enter a whole number of 0 or more.',
  invalidAnchor: 'Give the anchor as a position (a whole number from 1) and its 64-character hash, both or neither.',
} as const;
