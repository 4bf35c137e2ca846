import { useMutation } from '@tanstack/react-query';
import { adminEndpoints, type CreateOfficerRequest } from '@pes/contracts';
import { call } from '../../lib/api/client';

export function useCreateOfficer() {
  return useMutation({
    mutationFn: (body: CreateOfficerRequest) => call(adminEndpoints.createOfficer, { body }),
  });
}
