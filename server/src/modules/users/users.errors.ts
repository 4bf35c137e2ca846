import { DomainError } from '../../http/domain-error';

export const officerIdTaken = () =>
  new DomainError('users.officer_id_taken', 409, 'This officer ID is already in use', { officer_id: 'officerIdTaken' });

export const unknownStation = (field = 'station') =>
  new DomainError('stations.unknown', 400, 'Unknown police station', { [field]: 'unknownStation' });
