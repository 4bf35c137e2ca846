export * from './define';
export * from './auth';
export * from './passwords';
export * from './admin';
export * from './complaints';
export * from './clearance';
export * from './fines';
export * from './notifications';
