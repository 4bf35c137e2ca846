/** Validation messages of anonymous complaints (English). */
export const anonymousMessagesEn = {
  anonymousTypeRequired: 'Choose the type of complaint.',
  contactNumberFormat: 'The contact number must be exactly 10 digits.',
  trackingCodeFormat: 'Enter the tracking code exactly as it was shown.',
} as const;
