import type { AreaCatalogue } from '../commands.ts';
import { approvalCheck, makerCheckerRead, serviceCommands } from './services.ts';

export * from './requests.ts';
export * from './services.ts';

/**
 * Approve, reject and withdraw are not in the catalogue: who may check is the configured checker
 * permission (`approval.check` by default) and a maker may always withdraw their own request.
 */
export const approvalsCatalogue: AreaCatalogue = {
  commands: [...Object.values(serviceCommands)],
  reads: [makerCheckerRead, approvalCheck],
};
