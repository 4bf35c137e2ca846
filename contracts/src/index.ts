export * from './enums';
export * from './messages';
export * from './errors';
export * from './files';
export * from './common';
export * from './auth';
export * from './stations';
