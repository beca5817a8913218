export {
  type MainPersonOf,
  mainPersonOf,
  type PersonContactOf,
  type PersonNamesOf,
  personContactOf,
  personNamesOf,
} from './main-person.js';
export { createUsersModule } from './users-module.js';
