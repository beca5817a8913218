/**
 * The agency of a row's campaign (`x.campaign_id` of the statement's input rows), read in the same
 * statement: the distribution key of the lead engine's tables (decision 0121). Producers of intake
 * rows and the pipeline's rejections know only their campaign; the campaigns table is on every node
 * of a Citus cluster (a reference table), so the read stays local there. An unknown campaign gives
 * null, which the column refuses, as the campaign's foreign key does.
 */
export const AGENCY_OF_CAMPAIGN = '(select c.agency_id from campaigns c where c.id = x.campaign_id)';
