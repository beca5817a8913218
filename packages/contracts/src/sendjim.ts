import { z } from 'zod';
import { idParamSchema, idSchema } from './ids.js';

/*
 * SendJim, the direct-mail service (decision 0105): spec 2 §7 "Integrations", "Direct-mail
 * service" calls under `/sendjim/` (the product's paths carry the provider's name; the webhook
 * automation owns the bare `/getcampaigntags/{id}`): `POST generateauthurl`, `POST disconnect`,
 * `GET getcampaigntags/{id}`, `GET quicksends?company_id=`.
 */

/** Spec 2 §7: a QuickSend without a name is offered under this label. */
export const QUICK_SEND_LABEL = 'Quick Send';

/** `generateauthurl` and `disconnect`: the company whose connection it is. */
export const sendjimCompanyBodySchema = z.object({ company_id: idSchema });
export const sendjimAuthUrlResponseSchema = z.object({ url: z.string() });

export const sendjimQuickSendsQuerySchema = z.object({ company_id: idParamSchema });
/** A QuickSend of the connected account: SendJim's id, its name (or 'Quick Send' when it has none). */
export const sendjimQuickSendSchema = z.object({ id: z.string(), name: z.string() });
export const sendjimQuickSendsResponseSchema = z.object({ data: z.array(sendjimQuickSendSchema) });

export const sendjimCampaignParamsSchema = z.object({ id: idParamSchema });
/** The tags a campaign's SendJim contacts get (its client's and its agency's connection). */
export const sendjimCampaignTagsResponseSchema = z.object({ data: z.array(z.string()) });
