import type { AreaCatalogue } from '../commands.ts';
import { credentialPolicyCommands, credentialPolicyRead } from './credentialPolicy.ts';
import { passwordSettingCommands, passwordSettingRead } from './passwordSettings.ts';
import { scaRuleCommands, scaRuleRead } from './scaRules.ts';
import { securityPolicyCommands, securityPolicyRead } from './securityPolicy.ts';

export * from './credentialPolicy.ts';
export * from './passwordSettings.ts';
export * from './scaRules.ts';
export * from './securityPolicy.ts';

export const securityCatalogue: AreaCatalogue = {
  commands: [
    ...Object.values(credentialPolicyCommands),
    ...Object.values(passwordSettingCommands),
    ...Object.values(securityPolicyCommands),
    ...Object.values(scaRuleCommands),
  ],
  reads: [credentialPolicyRead, passwordSettingRead, securityPolicyRead, scaRuleRead],
};
