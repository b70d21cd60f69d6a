import type { AreaCatalogue } from '../commands.ts';
import { credentialPolicyCommands, credentialPolicyRead } from './credential-policy.ts';
import { passwordSettingCommands, passwordSettingRead } from './password-settings.ts';
import { scaRuleCommands, scaRuleRead } from './sca.ts';
import { securityPolicyCommands, securityPolicyRead } from './security-policy.ts';

export * from './credential-policy.ts';
export * from './password-settings.ts';
export * from './sca.ts';
export * from './security-policy.ts';

export const securityCatalogue: AreaCatalogue = {
  commands: [
    ...Object.values(credentialPolicyCommands),
    ...Object.values(passwordSettingCommands),
    ...Object.values(securityPolicyCommands),
    ...Object.values(scaRuleCommands),
  ],
  reads: [credentialPolicyRead, passwordSettingRead, securityPolicyRead, scaRuleRead],
};
