/**
 * The lead report (spec 2 §7 "Campaigns and reports"): `LeadReportPanel` for a screen, `LeadReportModal`
 * for the campaign list's action, `InvoiceReport` (charges per campaign in a range), and the client
 * selector and viewer scope the module screens share.
 */
export { ALL_CLIENTS, ClientSelect } from './client-select';
export { InvoiceReport } from './invoice-report';
export { LeadReportModal } from './lead-report-modal';
export { LeadReportPanel, type LeadReportPanelProps, type ReportCampaign } from './lead-report-panel';
export { RejectionsTable } from './rejections-table';
export { type ReportViewer, reportCompanies, reportViewerOf } from './report-scope';
