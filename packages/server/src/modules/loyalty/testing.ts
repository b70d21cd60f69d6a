import type { TestApp } from '../../test/app.ts';

type As = { authorization: string };

/** Test fixtures of the loyalty programme, built through the API as staff would. */
export function programmeFixtures(t: TestApp, admin: As) {
  const post = async (url: string, payload: object, as: As = admin) => {
    const res = await t.inject({ method: 'POST', url, payload, as });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  return {
    post,
    tier: (name: string, minPoints: number, maxPoints: number) =>
      post('/api/admin/tiers', { name, description: `${name} members`, minPoints, maxPoints }),
    type: (code: string, type = 'EARN') =>
      post('/api/admin/transaction-types', { name: `${code} name`, description: `${code} text`, type, code }),
    rule: (fields: Record<string, unknown>) =>
      post('/api/admin/points-rules', {
        tierId: null,
        amount: 1,
        condition: 'PER_EACH',
        pointsPerTransaction: 1,
        minPoints: 0,
        maxPoints: 1_000_000,
        validFrom: '2000-01-01',
        validUntil: '2099-12-31',
        priority: 10,
        ...fields,
      }),
    /** Puts the programme's settings: these, changed by `body`; answers the response. */
    settings: (body: object) =>
      t.inject({
        method: 'PUT',
        url: '/api/admin/loyalty-settings',
        payload: {
          expiryMonths: 24,
          tierBasis: 'LIFETIME',
          tierWindowMonths: 12,
          downgradePolicy: 'IMMEDIATE',
          ...body,
        },
        as: admin,
      }),
    /** An API key with every scope; answers the header to call the integration API with. */
    apiKey: async (scopes = ['customers', 'transactions', 'balance', 'redemptions'], channel?: string) => {
      const created = await post('/api/admin/api-keys', { name: `key ${Math.random()}`, scopes, channel });
      return { 'x-api-key': created.key as string };
    },
  };
}

/** Calls the integration API with a key. */
export function channel(t: TestApp, key: Record<string, string>) {
  return (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) =>
    t.inject({
      method,
      url: `/api/integration/v1${path}`,
      headers: key,
      ...(payload ? { payload } : {}),
    });
}
