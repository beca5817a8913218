export * from './actions.js';
export * from './actor.js';
export * from './authorize.js';
export * from './key-actor.js';
export * from './relations.js';
export * from './session-actor.js';
