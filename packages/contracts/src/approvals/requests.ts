import { z } from 'zod';
import { command } from '../commands.ts';
import { idInput, idSchema, requiredText, text } from '../common.ts';
import { boundedInstant } from '../dates.ts';
import { type ErrorCode, errorCodeList } from '../errors.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

export const approvalStatuses = ['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN', 'FAILED'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

/**
 * The four views of the requests: the maker's pending and decided requests, the checker's inbox
 * (pending requests they may check) and what they decided.
 */
export const approvalViews = ['mine', 'mine-history', 'inbox', 'inbox-history'] as const;
export type ApprovalView = (typeof approvalViews)[number];

const person = z.object({ id: z.number().int(), username: z.string() }).nullable();

export const approvalRequestSchema = z.object({
  id: z.number().int(),
  serviceId: z.string().describe('The command held for approval'),
  status: z.enum(approvalStatuses),
  targetType: z.string().nullable(),
  targetId: z.string().nullable().describe('The record changed (null for a creation not yet applied)'),
  input: z.unknown().describe('The validated command input, re-run on approval'),
  before: z.unknown().describe('The record when the request was made'),
  after: z.unknown().describe('The record as the change makes it (preview while pending)'),
  maker: person,
  makerIp: z.string().nullable(),
  makerVisitorId: z.string().nullable(),
  createdAt: z.string(),
  checker: person,
  decidedAt: z.string().nullable(),
  reason: z.string().nullable().describe('Why it was rejected or withdrawn'),
  failureCode: z.string().nullable().describe('Error code when applying it failed'),
  failureDetail: z.string().nullable(),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

export const approvalSortFields = ['createdAt', 'decidedAt', 'serviceId', 'status'] as const;
export const approvalListQuery = listQuerySchema(approvalSortFields, {
  view: z.enum(approvalViews).default('mine'),
  serviceId: text(100).optional(),
  serviceTypeId: idSchema.optional(),
  maker: text(100).optional().describe('Maker username (case-insensitive prefix)'),
  status: z.enum(approvalStatuses).optional(),
  from: boundedInstant.optional().describe('Made at or after (ISO 8601)'),
  to: boundedInstant.optional().describe('Made before (ISO 8601)'),
});
export type ApprovalListQuery = z.output<typeof approvalListQuery>;
export const approvalPage = pageSchema(approvalRequestSchema);

export const approvalReasonInput = z.object({ reason: requiredText('fillAllFields', 500) });
export const approvalWithdrawInput = z.object({ reason: text(500).optional() });

export const approvalCommands = {
  approve: command('approval.approve', idInput, 'Approve a request'),
  reject: command('approval.reject', idInput.extend(approvalReasonInput.shape), 'Reject a request'),
  withdraw: command('approval.withdraw', idInput.extend(approvalWithdrawInput.shape), 'Withdraw my request'),
};

export const approvalBulkInput = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve'), ids: z.array(idSchema).min(1).max(100) }),
  z.object({
    action: z.literal('reject'),
    ids: z.array(idSchema).min(1).max(100),
    reason: requiredText('fillAllFields', 500),
  }),
]);
export type ApprovalBulkInput = z.output<typeof approvalBulkInput>;

/** One item of a bulk decision: each request is decided on its own. */
export const approvalBulkItem = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  status: z.enum(approvalStatuses).optional().describe('The request status afterwards'),
  code: z.enum(errorCodeList as [ErrorCode, ...ErrorCode[]]).optional(),
  detail: z.string().optional(),
});
export type ApprovalBulkItem = z.infer<typeof approvalBulkItem>;
export const approvalBulkResult = z.object({ results: z.array(approvalBulkItem) });

export const pendingCountSchema = z.object({
  mine: z.number().int().describe('My requests waiting for a checker'),
  inbox: z.number().int().describe('Requests waiting for me (0 if I am not a checker)'),
});

export const approvalResource = defineResource({
  name: 'approval-requests',
  area: 'approvals',
  tag: 'Maker-checker: requests',
  item: approvalRequestSchema,
  page: approvalPage,
  query: approvalListQuery,
  sortFields: approvalSortFields,
  commands: approvalCommands,
});
