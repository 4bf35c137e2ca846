import { useMutation } from '@tanstack/react-query';
import type { CreateOfficerRequest, Officer } from '@pes/contracts';
import { api } from '../../lib/api/client';

export function useCreateOfficer() {
  return useMutation({
    mutationFn: (body: CreateOfficerRequest) =>
      api<{ success: true; message: string; officer: Officer }>('/admin/users/create-officer', { method: 'POST', body }),
  });
}
