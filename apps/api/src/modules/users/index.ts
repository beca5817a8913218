export type { CreateClient, NewClientFields } from './create-client.js';
export {
  type MainPersonOf,
  mainPersonOf,
  type PersonContactOf,
  type PersonNamesOf,
  personContactOf,
  personNamesOf,
} from './main-person.js';
export type { CallContext } from './management-context.js';
export { createUsersModule } from './users-module.js';
