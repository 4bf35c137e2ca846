import { z } from 'zod';
import { BRANCHES } from './enums';
import { colomboDate } from './time';
import { msg, type ValidationMessageKey } from './messages';
import { isoDate, optionalText, requiredText } from './common';

/** Branches that take complaints, and therefore have appointment slots. */
export const SLOT_BRANCHES = ['Traffic Branch', 'Crime Branch', 'Minor Offense Branch'] as const;
export type SlotBranch = (typeof SLOT_BRANCHES)[number];

export const SLOT_CAPACITY_MIN = 1;
export const SLOT_CAPACITY_MAX = 500;

/** "HH:MM" or "HH:MM:SS" (what a browser time input sends), 00:00..23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const timeOfDay = z.string(msg('timeFieldsRequired')).trim().min(1, msg('timeFieldsRequired')).regex(TIME_PATTERN, msg('invalidTime'));
/** Always "HH:MM:SS", so times compare as text. */
export const normaliseTime = (t: string) => (t.length === 5 ? `${t}:00` : t);

/** A whole number from a JSON number or a form's numeric text; anything else fails with `key`. */
export const wholeNumber = (min: number, max: number, key: ValidationMessageKey) =>
  z.preprocess((v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v), z.number(msg(key)).int(msg(key)).min(min, msg(key)).max(max, msg(key)));

/** A choice from a list; "Required" when missing, "Choose one of the options." when not in the list. */
export const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? 'required' : 'invalidChoice') satisfies ValidationMessageKey,
  });

/** A date that is today or later in Colombo. */
export const dateFromToday = () => isoDate().refine((v) => v >= colomboDate(), msg('dateNotPast'));

// ---- Admin ----

export const adminSlotsQuerySchema = z.object({
  date: isoDate(),
  /** English station name; defaults to the admin's station. */
  station: optionalText(120),
});

export const createSlotRequestSchema = z
  .object({
    date: dateFromToday(),
    time_from: timeOfDay,
    time_to: timeOfDay,
    /** The new slot's capacity (the spec's name: a new slot has all of it available). */
    available_slots: wholeNumber(SLOT_CAPACITY_MIN, SLOT_CAPACITY_MAX, 'slotCapacityRange'),
    branch: choice(SLOT_BRANCHES),
    /** English station name; defaults to the admin's station. */
    station: optionalText(120),
  })
  .superRefine((v, ctx) => {
    if (normaliseTime(v.time_to) <= normaliseTime(v.time_from)) {
      ctx.addIssue({ code: 'custom', path: ['time_to'], message: 'timeOrder' satisfies ValidationMessageKey });
    }
  });
export type CreateSlotRequest = z.input<typeof createSlotRequestSchema>;

export const assignOfficerRequestSchema = z.object({
  /** officers.id (the officer row id, as in `officers[].id` and the search results). */
  officerId: wholeNumber(1, 2_147_483_647, 'officerRequired'),
});
export type AssignOfficerRequest = z.input<typeof assignOfficerRequestSchema>;

export const slotIdParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
/** DELETE /admin/slots/:id/remove-officer/:officerRowId (the officer's row id, as in `officers[].id`). */
export const slotOfficerParamSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  officerRowId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const slotOfficerSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  officer_id: z.string(),
  branch: z.enum(BRANCHES),
});
export type SlotOfficer = z.infer<typeof slotOfficerSchema>;

export const adminSlotSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  /** "HH:MM:SS" */
  time_from: z.string(),
  time_to: z.string(),
  capacity: z.number().int(),
  /** Remaining capacity. */
  available_slots: z.number().int(),
  /** Places booked by complaints (capacity − available_slots: only a booking takes a place). */
  booked: z.number().int(),
  /** Bookings an officer marked attended, and marked missed (kept per slot as they are marked). */
  attended: z.number().int(),
  missed: z.number().int(),
  branch: z.enum(SLOT_BRANCHES),
  station: z.string(),
  officers: z.array(slotOfficerSchema),
});
export type AdminSlot = z.infer<typeof adminSlotSchema>;
export const adminSlotListSchema = z.array(adminSlotSchema);

// ---- Public ----

export const publicSlotsQuerySchema = z.object({
  date: isoDate(),
  branch: choice(SLOT_BRANCHES),
  station: requiredText(120),
});

export const publicSlotSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  time_from: z.string(),
  time_to: z.string(),
  available_slots: z.number().int(),
});
export type PublicSlot = z.infer<typeof publicSlotSchema>;
export const publicSlotListSchema = z.array(publicSlotSchema);
