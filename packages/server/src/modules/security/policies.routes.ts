import {
  credentialPolicyCommands,
  credentialPolicyFields,
  credentialPolicyRead,
  credentialPolicySchema,
  problemSchema,
  securityPolicyCommands,
  securityPolicyFields,
  securityPolicyRead,
  securityPolicySchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import { getCredentialPolicy, getSecurityPolicy } from './policies.service.ts';

const errors = { 400: problemSchema, 403: problemSchema };

export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  const singletons = [
    {
      path: '/credential-policy',
      tags: ['Security: credential policy'],
      read: credentialPolicyRead,
      update: credentialPolicyCommands.update,
      fields: credentialPolicyFields,
      item: credentialPolicySchema,
      get: getCredentialPolicy,
    },
    {
      path: '/security-policy',
      tags: ['Security: session policy'],
      read: securityPolicyRead,
      update: securityPolicyCommands.update,
      fields: securityPolicyFields,
      item: securityPolicySchema,
      get: getSecurityPolicy,
    },
  ] as const;
  for (const s of singletons) {
    app.get(
      s.path,
      {
        config: { access: { permission: s.read.code } },
        schema: { tags: s.tags, response: { 200: s.item } },
      },
      () => s.get(app.db),
    );
    app.put(
      s.path,
      {
        config: { access: { permission: s.update.name } },
        schema: {
          tags: s.tags,
          summary: s.update.summary,
          body: s.fields,
          response: { 200: s.item, 202: pendingSchema, ...errors },
        },
      },
      (req, reply) => runCommand(req, reply, s.update.name, req.body),
    );
  }
};
