/** Validation messages of passwords set, changed and reset (English). */
export const passwordMessagesEn = {
  passwordCommon: 'This password is one of the most common passwords. Choose one that is harder to guess.',
  currentPasswordWrong: 'Your current password is not correct.',
  adminPasswordLength: 'An administrator password must be at least 12 characters.',
  passwordsDiffer: 'The two passwords are not the same.',
} as const;
