import type { TokenResponse } from '@loyalty/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert.tsx';
import { Modal } from '../../components/Modal.tsx';
import { setTimedOut, setToken } from '../../state/auth.ts';
import { useAppDispatch } from '../../state/store.ts';
import { SignInFlow } from './SignInFlow.tsx';

/**
 * The idle timeout's dialog over the (blurred) page: the same user signs in again, and the page
 * carries on as it was (IdleTimeout.tsx).
 */
export default function SignInAgain({ username }: { username: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();

  const signedIn = (session: TokenResponse) => {
    dispatch(setToken(session));
    dispatch(setTimedOut(false));
    void queryClient.invalidateQueries();
  };

  return (
    <Modal
      open
      title={t('auth.timedOutTitle')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={null}
      styles={{ mask: { backdropFilter: 'blur(8px)' } }}
      destroyOnHidden
    >
      <SignInFlow
        username={username}
        onSignedIn={signedIn}
        notice={<Alert type="info" showIcon title={t('auth.timedOutText')} style={{ marginBottom: 16 }} />}
      />
    </Modal>
  );
}
