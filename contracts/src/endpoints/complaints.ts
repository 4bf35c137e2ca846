import {
  bookingAllowanceSchema,
  COMPLAINT_FORMS,
  COMPLAINT_TYPE_PATH,
  complaintAttachmentUploadForm,
  complaintIdParamSchema,
  complaintListSchema,
  complaintPageQuerySchema,
  complaintPageSchema,
  complaintSchema,
  complaintsByDateQuerySchema,
  markAttendanceRequestSchema,
  submitComplaintResponseSchema,
  updateComplaintStatusRequestSchema,
  type ComplaintType,
} from '../complaints';
import { uploadResponseSchema } from '../files';
import { endpoint } from './define';

const submitComplaint = <T extends ComplaintType>(type: T) =>
  endpoint({
    method: 'POST',
    path: `/complaints/${COMPLAINT_TYPE_PATH[type]}`,
    form: COMPLAINT_FORMS[type],
    status: 201,
    answer: submitComplaintResponseSchema,
  });

export const complaintsEndpoints = {
  uploadAttachment: endpoint({ method: 'POST', path: '/complaints/upload', form: complaintAttachmentUploadForm, status: 201, answer: uploadResponseSchema }),
  /** One per type of complaint, each its own path and form. */
  submit: { traffic: submitComplaint('traffic'), crime: submitComplaint('crime'), minor_offense: submitComplaint('minor_offense') },
  bookingAllowance: endpoint({ method: 'GET', path: '/complaints/booking-allowance', status: 200, answer: bookingAllowanceSchema }),
  mine: endpoint({ method: 'GET', path: '/complaints/my-complaints', query: complaintPageQuerySchema, status: 200, answer: complaintPageSchema }),
  police: endpoint({ method: 'GET', path: '/police/complaints', query: complaintPageQuerySchema, status: 200, answer: complaintPageSchema }),
  policeByDate: endpoint({ method: 'GET', path: '/police/complaints/by-date', query: complaintsByDateQuerySchema, status: 200, answer: complaintListSchema }),
  updateStatus: endpoint({
    method: 'PUT',
    path: '/police/complaints/:id/status',
    params: complaintIdParamSchema,
    body: updateComplaintStatusRequestSchema,
    status: 200,
    answer: complaintSchema,
  }),
  markAttendance: endpoint({
    method: 'PUT',
    path: '/police/complaints/:id/attendance',
    params: complaintIdParamSchema,
    body: markAttendanceRequestSchema,
    status: 200,
    answer: complaintSchema,
  }),
};
