/**
 * `@app/lead-engine`: the lead pipeline's pure rules and the campaign state machine (issue 11,
 * decision 0037). No I/O: the API reads the facts, calls these, and enforces at-most-once in the
 * database around them.
 */

// The zoned-time helpers moved to @app/contracts (pricing needs them too); re-exported for existing importers.
export {
  addDays,
  firstOfNextMonth,
  instantAtLocalTime,
  isTimeZone,
  type LocalDate,
  localDate,
  parseLocalDate,
  startOfLocalDay,
} from '@app/contracts';
export {
  acceptsLeads,
  CAMPAIGN_EVENT_TYPES,
  CAMPAIGN_STATUSES,
  type CampaignEvent,
  type CampaignEventType,
  type CampaignState,
  type CampaignStatus,
  describeState,
  NEW_CAMPAIGN,
  PAUSE_ON_RUN_LABELS,
  PAUSE_ON_RUN_REASONS,
  type PauseOnRunReason,
  STATUS_LABELS,
  type Transition,
  transition,
} from './campaign-state.js';
export type { Candidate, LeadModule, PostalAddress } from './candidate.js';
export {
  DRIP_BUSINESS_HOURS,
  type DripPlan,
  type DripPlanInput,
  type DripWindow,
  planDrip,
} from './drip-plan.js';
export {
  checkDates,
  checkLeadLimit,
  type LeadLimit,
  LIMIT_FREQUENCIES,
  type LimitFrequency,
  type LimitPeriod,
  type LimitResult,
  limitPeriod,
  limitResumesAt,
} from './limits.js';
export {
  checkLocation,
  checkLocationOf,
  type LocationTargeting,
  matchesLocationLists,
  normalizePlace,
  normalizeState,
  normalizeZip,
} from './location.js';
export { md5Hex } from './md5.js';
export {
  type CampaignRules,
  PIPELINE_STEPS,
  type PipelineFacts,
  type PipelineResult,
  type PipelineStep,
  runPipeline,
} from './pipeline.js';
export {
  REJECTION_LABELS,
  REJECTION_REASONS,
  type RejectionReason,
  rejectionLabel,
  type StepResult,
} from './reasons.js';
export {
  checkReidentification,
  DAY_MS,
  deliverableAgainAt,
  REIDENTIFICATION_WINDOWS,
  type ReidentificationInput,
  type ReidentificationWindow,
  windowMs,
  withinWindow,
} from './reidentification.js';
export { checkRequirements, hasAddress, hasEmail, hasPhone, type Requirements } from './requirements.js';
export {
  candidateKeys,
  checkOptOut,
  checkSuppression,
  classifySuppressionEntry,
  emailMd5,
  normalizeEmail,
  type SuppressionEntryKind,
  type SuppressionLists,
  suppressionKeyOf,
} from './suppression.js';
