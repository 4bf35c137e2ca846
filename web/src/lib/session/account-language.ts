import { notificationsEndpoints, type Language } from '@pes/contracts';
import { call } from '../api/client';

/** The query key of the account's preferences (the settings page reads them under it). */
export const PREFERENCES_QUERY_KEY = ['me', 'preferences'] as const;

/**
 * Saves the language chosen in the header to the signed-in citizen's account, keeping their channel choices:
 * their messages come in it. The settings page, if open, reads the saved preferences again.
 */
export async function saveAccountLanguage(language: Language) {
  const current = await call(notificationsEndpoints.preferences);
  if (current.language !== language) await call(notificationsEndpoints.savePreferences, { body: { ...current, language } });
  const { queryClient } = await import('../query');
  await queryClient.invalidateQueries({ queryKey: PREFERENCES_QUERY_KEY });
}
