// Every module's tables, for drizzle's typed client. Add a module's schema here when it has one.
export * from '../modules/stations/stations.schema';
export * from '../modules/users/users.schema';
export * from '../modules/auth/auth.schema';
export * from '../modules/files/files.schema';
export * from '../modules/slots/slots.schema';
export * from '../modules/complaints/complaints.schema';
export * from '../modules/payments/payments.schema';
export * from '../modules/fines/fines.schema';
