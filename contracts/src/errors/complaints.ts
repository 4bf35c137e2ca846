import type { ModuleErrors } from './entry';

export const complaintErrors = {
  'complaints.slot_full': {
    status: 409,
    message: 'This time slot is full. Choose another slot.',
    field: { name: 'slot_id', message: 'slotFull' },
  },
  'complaints.slot_unavailable': {
    status: 400,
    message: 'This time slot cannot be booked for this complaint',
    field: { name: 'slot_id', message: 'slotUnavailable' },
  },
  'complaints.booking_limit': {
    status: 409,
    message: 'You already have 3 upcoming appointments. You can book another once one of them has taken place.',
    field: { name: 'slot_id', message: 'bookingLimit' },
  },
  'complaints.booking_limit_missed': {
    status: 409,
    message:
      'You missed 2 appointments within 90 days, so for 30 days after the later one you can hold only 1 upcoming appointment. You can book another once it has taken place or the 30 days are over.',
    field: { name: 'slot_id', message: 'bookingLimitMissed' },
  },
  'complaints.slot_already_booked': {
    status: 409,
    message: 'You already have an appointment in this slot. Choose another slot.',
    field: { name: 'slot_id', message: 'slotAlreadyBooked' },
  },
  'complaints.not_found': { status: 404, message: 'Complaint not found' },
  'complaints.attendance_not_yet': { status: 409, message: 'This appointment is on a later day: attendance can be marked on the day or after it.' },
  'complaints.no_appointment': { status: 409, message: 'This complaint has no appointment to mark.' },
} as const satisfies ModuleErrors<'complaints'>;
