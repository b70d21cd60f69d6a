import { apiKeyRead, type SessionInfo, type TotpEnrolment } from '@loyalty/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../api/account.ts';
import { Alert } from '../../components/Alert.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { Descriptions } from '../../components/Descriptions.tsx';
import { DateTime } from '../../components/format.tsx';
import { LangLink } from '../../components/LangLink.tsx';
import { LocalText } from '../../components/localized.tsx';
import { Modal } from '../../components/Modal.tsx';
import { Panel } from '../../components/Panel.tsx';
import { CodeForm, EnrolTotp, RecoveryCodes } from '../../components/SecondFactor.tsx';
import { Tag } from '../../components/Tag.tsx';
import { applied, useWriteOutcome } from '../../components/writeOutcome.ts';
import { useConfirm } from '../../state/confirm.ts';
import { meQueryKey, useCan, useMe } from '../../state/me.ts';
import { ApiKeysSection } from './ApiKeysSection.tsx';

type Enrolling =
  | { step: 'code' }
  | { step: 'scan'; enrolment: TotpEnrolment }
  | { step: 'codes'; codes: string[] };

/** Own second factor: enrol, or replace (which needs a current code), in a dialog. */
function SecondFactorCard({ enrolled }: { enrolled: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [enrolling, setEnrolling] = useState<Enrolling | undefined>();
  const start = async (code?: string) =>
    setEnrolling({ step: 'scan', enrolment: await accountApi.startOwnEnrolment(code) });
  const close = () => {
    setEnrolling(undefined);
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
  return (
    <Panel title={t('admin.secondFactor.title')}>
      <Flex vertical gap={12} align="start">
        <Tag color={enrolled ? 'green' : 'orange'}>
          {t(enrolled ? 'admin.secondFactor.on' : 'admin.secondFactor.off')}
        </Tag>
        <Button
          type={enrolled ? 'default' : 'primary'}
          onClick={() => (enrolled ? setEnrolling({ step: 'code' }) : void start())}
        >
          {t(enrolled ? 'admin.secondFactor.replace' : 'admin.secondFactor.enrol')}
        </Button>
      </Flex>
      <Modal
        open={enrolling !== undefined}
        title={t('admin.secondFactor.title')}
        footer={null}
        onCancel={close}
        destroyOnHidden
      >
        {enrolling?.step === 'code' && (
          <>
            <Alert
              type="info"
              showIcon
              title={t('admin.secondFactor.replaceIntro')}
              style={{ marginBottom: 16 }}
            />
            <CodeForm submitText={t('auth.verify')} onSubmit={(code) => start(code)} />
          </>
        )}
        {enrolling?.step === 'scan' && (
          <EnrolTotp
            enrolment={enrolling.enrolment}
            askPassword
            onConfirm={async (code, password) =>
              setEnrolling({
                step: 'codes',
                codes: (await accountApi.confirmOwnEnrolment(code, password)).recoveryCodes,
              })
            }
          />
        )}
        {enrolling?.step === 'codes' && <RecoveryCodes codes={enrolling.codes} onDone={close} />}
      </Modal>
    </Panel>
  );
}

/** Own sessions, with "end" on the others. */
function SessionsCard() {
  const { t } = useTranslation();
  const report = useWriteOutcome();
  const confirm = useConfirm();
  const sessions = useQuery({
    queryKey: ['own-sessions'],
    queryFn: ({ signal }) => accountApi.sessions(signal),
  });
  const end = (s: SessionInfo) =>
    confirm({
      header: t('admin.sessions.end'),
      message: t('admin.sessions.endConfirm'),
      handleConfirm: async () => {
        await report(applied(accountApi.endSession(s.id)), {
          success: 'admin.sessions.ended',
          failure: 'admin.sessions.endFailed',
        });
        await sessions.refetch();
      },
    });
  return (
    <Panel title={t('admin.sessions.title')}>
      <DataTable<SessionInfo>
        size="small"
        rowKey="id"
        loading={sessions.isFetching}
        dataSource={sessions.data ?? []}
        pagination={false}
        locale={{ emptyText: t('msg.noRecordsFound') }}
        columns={[
          { title: t('admin.sessions.started'), render: (_, s) => <DateTime iso={s.createdAt} /> },
          { title: t('admin.sessions.lastUsed'), render: (_, s) => <DateTime iso={s.lastUsedAt} /> },
          { title: t('admin.sessions.ip'), dataIndex: 'ip' },
          { title: t('admin.sessions.device'), dataIndex: 'userAgent', ellipsis: true },
          {
            title: t('common.actions'),
            render: (_, s) =>
              s.current ? (
                <Tag color="blue">{t('admin.sessions.current')}</Tag>
              ) : (
                <Button size="small" danger onClick={() => end(s)}>
                  {t('admin.sessions.end')}
                </Button>
              ),
          },
        ]}
      />
    </Panel>
  );
}

/**
 * `admin`: the signed-in staff member's profile, password, second factor and sessions; for
 * holders of apiKey.read, the integration API keys too.
 */
export default function AdminPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <Flex vertical gap={16}>
      <Panel title={t('admin.profile.title')}>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          items={[
            { label: t('admin.profile.username'), children: me.username },
            {
              label: t('admin.profile.fullName'),
              children: <LocalText en={me.fullName} ar={me.fullNameAr} />,
            },
            { label: t('admin.profile.email'), children: me.email ?? '—' },
            { label: t('admin.profile.mobile'), children: me.mobile ?? '—' },
            {
              label: t('admin.profile.role'),
              children: <LocalText en={me.roleName ?? me.role} ar={me.roleNameAr} />,
            },
            {
              label: t('admin.profile.passwordExpires'),
              children: me.passwordExpiresAt ? (
                <DateTime iso={me.passwordExpiresAt} />
              ) : (
                t('admin.profile.never')
              ),
            },
          ]}
        />
        {me.passwordExpiringSoon && (
          <Alert
            type="warning"
            showIcon
            title={t('admin.profile.expiringSoon')}
            style={{ marginBlock: 12 }}
          />
        )}
        <LangLink to="/change-password">{t('auth.changePassword')}</LangLink>
      </Panel>
      <SecondFactorCard enrolled={me.secondFactorEnrolled ?? false} />
      <SessionsCard />
      {can(apiKeyRead.code) && <ApiKeysSection />}
    </Flex>
  );
}
