import { type SessionInfo, type User, userCommands } from '@loyalty/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ApiPath, apiGet, apiWrite } from '../../../api/typed.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { Descriptions } from '../../../components/Descriptions.tsx';
import { DateTime, formatTime } from '../../../components/format.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { useWriteOutcome } from '../../../components/writeOutcome.ts';
import { useLang } from '../../../i18n/lang.ts';
import { useConfirm } from '../../../state/confirm.ts';
import { useCan, useMe } from '../../../state/me.ts';

interface UserAction {
  path: Extract<ApiPath<'post'>, `/api/admin/users/{id}/${string}`>;
  command: string;
  key: 'unlock' | 'resetPassword' | 'resetSecondFactor' | 'endSessions';
  /** Offered for this user (`self`: the one signed in)? */
  when: (u: User, self: boolean) => boolean;
}

/** The administrators' actions on one user, each confirmed first: POST /users/:id/<path>. */
const actions: UserAction[] = [
  {
    path: '/api/admin/users/{id}/unlock',
    command: userCommands.unlock.name,
    key: 'unlock',
    when: (u) => u.locked,
  },
  {
    path: '/api/admin/users/{id}/reset-password',
    command: userCommands.resetPassword.name,
    key: 'resetPassword',
    when: () => true,
  },
  {
    path: '/api/admin/users/{id}/reset-second-factor',
    command: userCommands.resetSecondFactor.name,
    key: 'resetSecondFactor',
    when: (u: User) => u.secondFactorEnrolled,
  },
  {
    path: '/api/admin/users/{id}/end-sessions',
    command: userCommands.endSessions.name,
    key: 'endSessions',
    when: () => true,
  },
];

/**
 * Security of one staff member on their edit screen: lock, second factor, password and sessions,
 * with unlock, password reset (an e-mailed link — administrators never see a password), second
 * factor reset and "end sessions".
 */
export function UserSecurityPanel({ id }: { id: number }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const can = useCan();
  const { data: me } = useMe();
  const confirm = useConfirm();
  const report = useWriteOutcome();
  const queryClient = useQueryClient();
  const user = useQuery({
    queryKey: ['users', 'detail', id],
    queryFn: ({ signal }): Promise<User> => apiGet('/api/admin/users/{id}', { path: { id }, signal }),
  });
  const sessions = useQuery({
    queryKey: ['users', 'sessions', id],
    queryFn: ({ signal }): Promise<SessionInfo[]> =>
      apiGet('/api/admin/users/{id}/sessions', { path: { id }, signal }),
  });
  const u = user.data;
  if (!u) return null;

  const run = (action: UserAction) =>
    confirm({
      header: t(`employees.users.actions.${action.key}`),
      message: t(`employees.users.actions.${action.key}Confirm`, { name: u.fullName }),
      handleConfirm: async () => {
        const outcome = await report(apiWrite('post', action.path, { path: { id } }), {
          success: `employees.users.actions.${action.key}Done`,
          failure: 'employees.users.actionFailed',
        });
        if (outcome.ok) await queryClient.invalidateQueries({ queryKey: ['users'] });
      },
    });

  return (
    <Panel title={t('employees.users.security')}>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          {
            label: t('employees.users.lock'),
            children: u.locked ? (
              <Tag color="red">
                {u.lockedUntil
                  ? t('employees.users.lockedUntil', { time: formatTime(u.lockedUntil, lang) })
                  : t('employees.users.lockedForever')}
              </Tag>
            ) : (
              t('employees.users.notLocked')
            ),
          },
          { label: t('employees.users.failedAttempts'), children: u.failedAttempts },
          {
            label: t('employees.users.fields.secondFactor'),
            children: t(u.secondFactorEnrolled ? 'employees.users.enrolled' : 'employees.users.notEnrolled'),
          },
          {
            label: t('employees.users.passwordChangedAt'),
            children: (
              <>
                <DateTime iso={u.passwordChangedAt} />
                {u.mustChangePassword && (
                  <Tag style={{ marginInlineStart: 8 }}>{t('employees.users.mustChange')}</Tag>
                )}
              </>
            ),
          },
          { label: t('employees.users.fields.lastLoginAt'), children: <DateTime iso={u.lastLoginAt} /> },
          ...(u.pendingEmail
            ? [
                {
                  label: t('employees.users.pendingEmail'),
                  span: 2,
                  children: (
                    <span>
                      <Tag color="gold">{u.pendingEmail}</Tag>
                      {t('employees.users.pendingEmailHint', { email: u.email ?? '—' })}
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Flex gap={8} wrap style={{ margin: '16px 0' }}>
        {actions
          .filter((a) => can(a.command) && a.when(u, u.id === me?.id))
          .map((a) => (
            <Button key={a.key} danger={a.key !== 'unlock'} onClick={() => run(a)}>
              {t(`employees.users.actions.${a.key}`)}
            </Button>
          ))}
      </Flex>
      <DataTable<SessionInfo>
        size="small"
        rowKey="id"
        loading={sessions.isFetching}
        dataSource={sessions.data ?? []}
        pagination={false}
        locale={{ emptyText: t('msg.noRecordsFound') }}
        title={() => t('employees.users.sessions')}
        columns={[
          { title: t('admin.sessions.started'), render: (_, s) => <DateTime iso={s.createdAt} /> },
          { title: t('admin.sessions.lastUsed'), render: (_, s) => <DateTime iso={s.lastUsedAt} /> },
          { title: t('admin.sessions.ip'), dataIndex: 'ip' },
          { title: t('admin.sessions.device'), dataIndex: 'userAgent', ellipsis: true },
        ]}
      />
    </Panel>
  );
}
