import type { passwordSuggestionKey, passwordWarningKey, PasswordSuggestion, PasswordWarning } from '../passwords';

/** Validation messages of passwords set, changed and reset (English). */
export const passwordMessagesEn = {
  passwordCommon: 'This password is one of the most common passwords. Choose one that is harder to guess.',
  currentPasswordWrong: 'Your current password is not correct.',
  adminPasswordLength: 'An administrator password must be at least 12 characters.',
  passwordsDiffer: 'The two passwords are not the same.',
  passwordWeak: 'This password is too easy to guess.',
  // What the estimator found (its warnings), then what to do (its suggestions): shown after passwordWeak.
  passwordWarningStraightRow: 'Straight rows of keys on the keyboard are easy to guess.',
  passwordWarningKeyPattern: 'Short keyboard patterns are easy to guess.',
  passwordWarningSimpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
  passwordWarningExtendedRepeat: 'Repeated patterns like "abcabcabc" are easy to guess.',
  passwordWarningSequences: 'Sequences like "abc" or "123" are easy to guess.',
  passwordWarningRecentYears: 'Recent years are easy to guess.',
  passwordWarningDates: 'Dates are easy to guess.',
  passwordWarningTopTen: 'This is one of the most used passwords.',
  passwordWarningTopHundred: 'This is a very often used password.',
  passwordWarningCommon: 'This is a commonly used password.',
  passwordWarningSimilarToCommon: 'This is too like a commonly used password.',
  passwordWarningWordByItself: 'A single word is easy to guess.',
  passwordWarningNamesByThemselves: 'A single name or surname is easy to guess.',
  passwordWarningCommonNames: 'Common names and surnames are easy to guess.',
  passwordWarningUserInputs: 'It contains your name, your username or words of this portal (police, Sri Lanka, a station).',
  passwordWarningPwned: 'This password was exposed in a data breach on the Internet.',
  passwordSuggestionL33t: "Swapping letters for look-alikes, such as '@' for 'a', does not help.",
  passwordSuggestionReverseWords: 'Do not spell common words backwards.',
  passwordSuggestionAllUppercase: 'Capitalise some letters, not all.',
  passwordSuggestionCapitalization: 'A capital first letter does not help much.',
  passwordSuggestionDates: 'Avoid dates and years that are linked to you.',
  passwordSuggestionRecentYears: 'Avoid recent years.',
  passwordSuggestionAssociatedYears: 'Avoid years that are linked to you.',
  passwordSuggestionSequences: 'Avoid sequences of characters.',
  passwordSuggestionRepeated: 'Avoid repeated words and characters.',
  passwordSuggestionLongerKeyboardPattern: 'Use longer keyboard patterns that change direction several times.',
  passwordSuggestionAnotherWord: 'Add more words that are less common.',
  passwordSuggestionUseWords: 'Use several words, but not a common phrase.',
  passwordSuggestionNoNeed: 'Symbols, digits and capitals are not needed: several uncommon words make a strong password.',
  passwordSuggestionPwned: 'If you use this password anywhere else, change it there too.',
} as const satisfies Record<string, string> &
  Record<'passwordWeak', string> &
  Record<ReturnType<typeof passwordWarningKey<PasswordWarning>>, string> &
  Record<ReturnType<typeof passwordSuggestionKey<PasswordSuggestion>>, string>;
