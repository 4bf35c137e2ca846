// Every module's tables (its *.table.ts), for drizzle's typed client. Add a module's tables here when it has some.
export * from '../modules/stations/stations.table';
export * from '../modules/users/users.table';
export * from '../modules/auth/auth.table';
export * from '../modules/files/files.table';
export * from '../modules/slots/slots.table';
export * from '../modules/complaints/complaints.table';
export * from '../modules/payments/payments.table';
export * from '../modules/fines/fines.table';
