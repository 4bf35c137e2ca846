import { useMutation } from '@tanstack/react-query';
import { passwordEndpoints, type ChangePasswordRequest, type PasswordResetConfirm } from '@pes/contracts';
import { call } from '../../lib/api/client';

export const useChangePassword = () => useMutation({ mutationFn: (body: ChangePasswordRequest) => call(passwordEndpoints.change, { body }) });

export const useRequestPasswordReset = () => useMutation({ mutationFn: (username: string) => call(passwordEndpoints.resetRequest, { body: { username } }) });

export const useConfirmPasswordReset = () => useMutation({ mutationFn: (body: PasswordResetConfirm) => call(passwordEndpoints.resetConfirm, { body }) });
