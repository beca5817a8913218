export * from './data-vendor.js';
export {
  checkListRequest,
  checkVisitor,
  MAX_LIST_LIMIT,
  MAX_PAGE_SIZE,
  USER_AGENT_MAX_LENGTH,
} from './requests.js';
export * from './resolver.js';
export {
  createSandboxDataVendor,
  SANDBOX_VENDOR_DEFAULTS,
  type SandboxDataVendorOptions,
  type SandboxFate,
  type SandboxQuestion,
} from './sandbox/sandbox-data-vendor.js';
export type { SeedOutcome } from './sandbox/sandbox-people.js';
export {
  createSandboxResolver,
  SANDBOX_DEFAULTS,
  type SandboxIdentityResolver,
  type SandboxResolverOptions,
  sandboxPersonOf,
  sandboxRegularVisitors,
} from './sandbox/sandbox-resolver.js';
export { GENERATOR_VERSION, SHARES, syntheticPerson } from './sandbox/synthetic-people.js';
export {
  createVendorCallbackNonces,
  type VendorCallbackNonces,
  verifyVendorCallback,
} from './vendor-callback.js';
export {
  deliveryDigest,
  signVendorCallback,
  VENDOR_SIGNATURE_HEADER,
  VENDOR_SIGNATURE_TOLERANCE_SECONDS,
  VendorSignatureError,
  type VendorSignatureFailure,
  type VerifiedSignature,
  verifyVendorSignature,
} from './vendor-signature.js';
