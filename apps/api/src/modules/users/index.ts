export { type MainPersonOf, mainPersonOf } from './main-person.js';
export { createUsersModule } from './users-module.js';
