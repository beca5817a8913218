import { z } from 'zod';
import { idParamSchema } from './ids.js';

/*
 * SendGrid, the e-mail service list (decision 0103): spec 2 §7 "E-mail service list:
 * GET /sendgridlist/{companyID}", answered as a `serviceListReadSchema` (the lists of the company's
 * connected SendGrid account; empty with the reason when the read fails).
 */

export const sendgridCompanyParamsSchema = z.object({ companyID: idParamSchema });
