export * from './app-config.js';
export * from './branding.js';
export * from './documents.js';
export * from './domain-info.js';
export * from './envelope.js';
export * from './errors.js';
export * from './session.js';
export * from './tenancy.js';
