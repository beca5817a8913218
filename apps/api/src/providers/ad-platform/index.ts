export * from './ad-platform.js';
export {
  MAX_AD_HTML5_BYTES,
  MAX_AD_IMAGE_BYTES,
  MAX_AUDIENCE_KEYS_PER_CALL,
  MAX_AUDIENCE_SIZE,
  MAX_CAMPAIGN_AUDIENCES,
  MAX_CONVERSION_RANGE_MS,
  MAX_STATS_DAYS,
} from './requests.js';
export {
  createSandboxAdPlatform,
  SANDBOX_AD_SEED,
  type SandboxAdPlatformOptions,
} from './sandbox/sandbox-ad-platform.js';
export { sandboxAdPerformance, sandboxCpm } from './sandbox/synthetic-delivery.js';
export {
  createSimplifiAdPlatform,
  type SimplifiAdPlatformOptions,
} from './simplifi/simplifi-ad-platform.js';
