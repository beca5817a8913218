import { deliverEmailJob } from '../modules/mail/deliver-email-job.js';
import type { JobSpec } from './define-job.js';

/** Every job the product runs; queues are created for all of them at start. */
export const JOB_SPECS: readonly JobSpec[] = [deliverEmailJob];
