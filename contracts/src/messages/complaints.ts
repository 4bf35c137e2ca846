/** Validation messages of complaints and appointment slots (English). */
export const complaintMessagesEn = {} as const;
