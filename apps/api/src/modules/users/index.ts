export { createUsersModule } from './users-module.js';
