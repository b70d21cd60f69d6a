import { z } from 'zod';

/**
 * The channels a customer reaches the programme through. Every integration API key belongs to
 * one; feature switches (and service definitions) are set per channel.
 */
export const channels = ['MOBILE_APP', 'INTERNET_BANKING', 'BRANCH', 'CALL_CENTRE', 'POS'] as const;
export type Channel = (typeof channels)[number];
export const channelSchema = z.enum(channels);
