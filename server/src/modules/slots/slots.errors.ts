import { DomainError } from '../../http/domain-error';

export const slotNotFound = () => new DomainError('slots.not_found', 404, 'This slot does not exist or was deleted');

export const officerNotEligible = () =>
  new DomainError('slots.officer_not_eligible', 400, 'The officer must be an active officer of the slot’s branch and station', {
    officerId: 'officerNotEligible',
  });
