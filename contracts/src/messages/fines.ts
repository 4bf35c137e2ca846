/** Validation messages of traffic fines and payments (English). */
export const fineMessagesEn = {} as const;
