export * from './enums.js';
export * from './identity.js';
export * from './ledger.js';
export * from './payments.js';
export * from './platform.js';
export * from './settings.js';
export * from './tenancy.js';
export * from './users.js';
