export { type MainPersonOf, mainPersonOf, type PersonNamesOf, personNamesOf } from './main-person.js';
export { createUsersModule } from './users-module.js';
