/**
 * Validation messages are keys, so the browser can translate them and the server can return them.
 * The English text is the spec's; the web app's `validation` namespace in Sinhala and Tamil
 * must have the same keys (a test checks it).
 */
export const validationMessagesEn = {
  required: 'Required',
  requiredFields: 'Please fill in all required fields.',
  allRequiredFields: 'All required fields must be filled.',
  invalidType: 'This value has the wrong type.',
  tooLong: 'This value is too long.',
  mobileFormat: 'Phone number must be in the format +94777777777',
  passportSymbols: 'Passport number must not contain symbols.',
  nicFormat: 'Enter a valid NIC number: 9 digits followed by V or X, or 12 digits.',
  invalidEmail: 'Invalid email',
  invalidDate: 'Enter a valid date.',
  dateInPast: 'The date must be in the past.',
  usernameFormat: 'Username must be 3 to 32 letters, digits, dots, dashes or underscores.',
  citizenPasswordLength: 'Password must be at least 8 characters.',
  officerPasswordLength: 'Password must be at least 6 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  invalidChoice: 'Choose one of the options.',
  identityFrontRequired: 'Upload or capture identity front photo.',
  identityBackRequired: 'Upload or capture identity back photo.',
  livePhotoRequired: 'You must capture a live photo.',
  fileTooLarge: 'The file is larger than 5 MB.',
  fileType: 'Only JPEG, PNG or WebP images are accepted.',
  usernameTaken: 'This username is already taken.',
  identityTaken: 'An account with this identity number already exists.',
  officerIdTaken: 'This officer ID is already in use.',
  unknownStation: 'Choose a station from the list.',
  fileRequired: 'Choose a file.',
  fileTypeWithPdf: 'Only JPEG, PNG or WebP images or PDF files are accepted.',
} as const;

export type ValidationMessageKey = keyof typeof validationMessagesEn;

/** Narrowing helper so schemas name their message by key, checked at compile time. */
export const msg = (key: ValidationMessageKey) => ({ error: key });
