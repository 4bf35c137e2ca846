import { DomainError } from '../../http/domain-error';

export const slotFull = () =>
  new DomainError('complaints.slot_full', 409, 'This time slot is full. Choose another slot.', { slot_id: 'slotFull' });

export const slotUnavailable = () =>
  new DomainError('complaints.slot_unavailable', 400, 'This time slot cannot be booked for this complaint', { slot_id: 'slotUnavailable' });

export const complaintNotFound = () => new DomainError('complaints.not_found', 404, 'Complaint not found');
