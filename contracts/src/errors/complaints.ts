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
  'complaints.slot_already_booked': {
    status: 409,
    message: 'You already have an appointment in this slot. Choose another slot.',
    field: { name: 'slot_id', message: 'slotAlreadyBooked' },
  },
  'complaints.not_found': { status: 404, message: 'Complaint not found' },
} as const satisfies ModuleErrors<'complaints'>;
