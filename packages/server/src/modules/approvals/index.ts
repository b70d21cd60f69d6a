/** The approvals area's public face: what other areas, the app and the demo data may use. */
export { pendingCounts } from './approvalRequests.service.ts';
export { makerCheckerGate } from './gate.ts';
export { ensureMakerCheckerServices } from './makerChecker.service.ts';
