import {
  signupPhotoForm,
  signupPhotoHandoffParams,
  signupPhotoHandoffSchema,
  signupPhotoLinkSchema,
  signupPhotoReceivedSchema,
  signupPhotoStatusSchema,
  signupPhotoTokenParams,
} from '../signup-photo';
import { okResponseSchema } from '../auth';
import { endpoint } from './define';

/** A signup's live photo taken on a phone (signup-photo.ts). */
export const signupPhotoEndpoints = {
  /** The signup page asks for a link for the phone. */
  createHandoff: endpoint({ method: 'POST', path: '/signup/photo-handoffs', status: 201, answer: signupPhotoHandoffSchema }),
  /** The signup page asks whether the photo has arrived (polled). */
  handoffStatus: endpoint({
    method: 'GET',
    path: '/signup/photo-handoffs/:handoff',
    params: signupPhotoHandoffParams,
    status: 200,
    answer: signupPhotoStatusSchema,
  }),
  /** The signup page lets a handoff go (a new photo, another link): its photo is deleted at once. */
  discardHandoff: endpoint({
    method: 'DELETE',
    path: '/signup/photo-handoffs/:handoff',
    params: signupPhotoHandoffParams,
    status: 200,
    answer: okResponseSchema,
  }),
  /** The phone's page checks its link. */
  link: endpoint({ method: 'GET', path: '/signup/photo/:token', params: signupPhotoTokenParams, status: 200, answer: signupPhotoLinkSchema }),
  /** The phone sends the photo: once. */
  sendPhoto: endpoint({
    method: 'POST',
    path: '/signup/photo/:token',
    params: signupPhotoTokenParams,
    form: signupPhotoForm,
    status: 201,
    answer: signupPhotoReceivedSchema,
  }),
};
