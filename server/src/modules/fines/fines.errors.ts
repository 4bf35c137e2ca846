import { DomainError } from '../../http/domain-error';

export const fineNotFound = () => new DomainError('fines.not_found', 404, 'Fine not found');

export const fineAlreadyPaid = () => new DomainError('fines.already_paid', 409, 'This fine has already been paid');
