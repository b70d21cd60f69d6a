import { alertCategoryResource } from './alerts/alertCategories.ts';
import { alertDeliveryResource } from './alerts/alertDeliveries.ts';
import { alertGroupResource } from './alerts/alertGroups.ts';
import { alertResource } from './alerts/alerts.ts';
import { churnScoreResource } from './analytics/churn.ts';
import { messageInsightResource } from './analytics/nlp.ts';
import { approvalResource } from './approvals/requests.ts';
import { serviceResource, serviceTypeResource } from './approvals/services.ts';
import { campaignResource } from './campaigns/campaigns.ts';
import { challengeParticipationResource, challengeResource } from './challenges/challenges.ts';
import { configBundleResource } from './configuration/configBundles.ts';
import { eligibilityCriterionResource } from './configuration/eligibilityCriteria.ts';
import { featureResource } from './configuration/features.ts';
import { serviceDefinitionResource } from './configuration/serviceDefinitions.ts';
import { userConfigurationResource } from './configuration/userConfigurations.ts';
import { faqResource } from './content/faqs.ts';
import { legalDocumentResource } from './content/legalDocuments.ts';
import { locationResource } from './content/locations.ts';
import { customerResource } from './customers/customers.ts';
import { customerPermissionResource } from './identity/customerPermissions.ts';
import { roleResource } from './identity/roles.ts';
import { staffPermissionResource } from './identity/staffPermissions.ts';
import { userResource } from './identity/users.ts';
import { fileLayoutResource } from './imports/fileLayouts.ts';
import { importResource } from './imports/imports.ts';
import { apiKeyResource } from './integration/apiKeys.ts';
import { adminLogResource } from './logs/adminLogs.ts';
import { systemLogResource } from './logs/systemLogs.ts';
import { pointsRuleResource } from './loyalty/pointsRules.ts';
import { tierResource } from './loyalty/tiers.ts';
import { transactionTypeResource } from './loyalty/transactionTypes.ts';
import { messageCategoryResource } from './messaging/messageCategories.ts';
import { messageResource } from './messaging/messages.ts';
import { messageTemplateResource } from './messaging/messageTemplates.ts';
import { outboundDeliveryResource, outboundMessageResource } from './messaging/outboundMessages.ts';
import { referralProgrammeResource, referralResource } from './referrals/referrals.ts';
import { reportScheduleResource } from './reports/jobs.ts';
import type { ResourceDescriptor } from './resource.ts';
import { redemptionResource } from './rewards/redemptions.ts';
import { rewardCategoryResource } from './rewards/rewardCategories.ts';
import { storeResource } from './rewards/stores.ts';
import { voucherResource } from './rewards/vouchers.ts';
import { passwordSettingResource } from './security/passwordSettings.ts';
import { scaRuleResource } from './security/scaRules.ts';
import { webhookDeliveryResource } from './webhooks/webhookDeliveries.ts';
import { webhookEndpointResource } from './webhooks/webhookEndpoints.ts';

/** Every listed resource of the admin API; a new resource is added here (see docs/architecture.md). */
export const resources: ResourceDescriptor[] = [
  tierResource,
  transactionTypeResource,
  pointsRuleResource,
  customerResource,
  rewardCategoryResource,
  storeResource,
  voucherResource,
  redemptionResource,
  userResource,
  roleResource,
  staffPermissionResource,
  customerPermissionResource,
  featureResource,
  serviceDefinitionResource,
  eligibilityCriterionResource,
  configBundleResource,
  userConfigurationResource,
  apiKeyResource,
  serviceTypeResource,
  serviceResource,
  approvalResource,
  adminLogResource,
  systemLogResource,
  passwordSettingResource,
  scaRuleResource,
  locationResource,
  faqResource,
  legalDocumentResource,
  messageResource,
  messageCategoryResource,
  messageTemplateResource,
  outboundMessageResource,
  outboundDeliveryResource,
  alertCategoryResource,
  alertGroupResource,
  alertResource,
  alertDeliveryResource,
  campaignResource,
  challengeResource,
  challengeParticipationResource,
  churnScoreResource,
  messageInsightResource,
  reportScheduleResource,
  webhookEndpointResource,
  webhookDeliveryResource,
  importResource,
  fileLayoutResource,
  referralProgrammeResource,
  referralResource,
];
