import { z } from 'zod';
import { msg } from './messages';

/** A required text field: trimmed, non-empty, bounded. */
export const requiredText = (max = 200, key: Parameters<typeof msg>[0] = 'required') => z.string(msg(key)).trim().min(1, msg(key)).max(max, msg('tooLong'));

export const optionalText = (max = 200) =>
  z
    .string(msg('invalidType'))
    .trim()
    .max(max, msg('tooLong'))
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** Calendar date as YYYY-MM-DD that really exists. */
export const isoDate = (key: Parameters<typeof msg>[0] = 'required') =>
  z
    .string(msg(key))
    .trim()
    .min(1, msg(key))
    .regex(/^\d{4}-\d{2}-\d{2}$/, msg('invalidDate'))
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, msg('invalidDate'));

export const idParam = z.object({ id: z.coerce.number().int().positive() });
