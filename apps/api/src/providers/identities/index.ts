export { checkListRequest, checkVisitor, MAX_LIST_LIMIT, MAX_PAGE_SIZE } from './requests.js';
export * from './resolver.js';
export type { SeedOutcome } from './sandbox/sandbox-people.js';
export {
  createSandboxResolver,
  SANDBOX_DEFAULTS,
  type SandboxIdentityResolver,
  type SandboxResolverOptions,
} from './sandbox/sandbox-resolver.js';
export { GENERATOR_VERSION, SHARES, syntheticPerson } from './sandbox/synthetic-people.js';
