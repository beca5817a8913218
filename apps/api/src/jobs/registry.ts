import { passwordResetLinkJob } from '../modules/identity/password-reset-job.js';
import { deliverEmailJob } from '../modules/mail/deliver-email-job.js';
import { domainCertificateJob } from '../modules/settings/domain-certificate-job.js';
import type { JobSpec } from './define-job.js';

/** Every job the product runs; queues are created for all of them at start. */
export const JOB_SPECS: readonly JobSpec[] = [deliverEmailJob, domainCertificateJob, passwordResetLinkJob];
