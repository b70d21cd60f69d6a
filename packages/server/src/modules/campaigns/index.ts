/** The campaigns area's public face: the live campaigns, for the engine (modules/index.ts wires them to loyalty). */
export { campaignsForEarning, invalidateCampaigns } from './active.ts';
export { candidateCampaign } from './campaigns.service.ts';
