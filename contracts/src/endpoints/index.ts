export * from './define';
export * from './auth';
export * from './admin';
export * from './complaints';
export * from './clearance';
export * from './fines';
export * from './notifications';
export * from './account';
