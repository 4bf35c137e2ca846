// Every module's tables, for drizzle's typed client. Add a module's schema here when it has one.
export * from '../modules/stations/stations.schema';
export * from '../modules/users/users.schema';
export * from '../modules/auth/auth.schema';
export * from '../modules/files/files.schema';
