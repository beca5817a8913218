export * from './ad-platform.js';
export { MAX_CONVERSION_RANGE_MS, MAX_STATS_DAYS } from './requests.js';
export {
  createSandboxAdPlatform,
  SANDBOX_AD_SEED,
  type SandboxAdPlatformOptions,
} from './sandbox/sandbox-ad-platform.js';
export { sandboxCpm } from './sandbox/synthetic-delivery.js';
