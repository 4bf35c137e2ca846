/** Validation messages of staff's second factor (English). */
export const mfaMessagesEn = {
  mfaCodeFormat: 'Enter the 6-digit code from your authenticator app.',
  mfaCodeWrong: 'This code is not correct. Check the time on your phone and enter the current code.',
  mfaCodeReused: 'This code has already been used. Wait for the next code.',
  mfaCodeOrRecovery: 'Enter either a code from your app or a recovery code.',
  recoveryCodeFormat: 'Enter the recovery code as it was shown, for example abcd-efgh-jkmn-pqrs.',
  recoveryCodeWrong: 'This recovery code is not correct or has already been used.',
} as const;
