import { messageCategoryRead } from '@loyalty/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../../components/Tabs.tsx';
import { LANG_PARAM } from '../../../i18n/lang.ts';
import { useCan } from '../../../state/me.ts';
import { CategoriesTab } from '../categories/CategoriesTab.tsx';
import { MessageQueue } from './MessageQueue.tsx';

/**
 * `message`: the queue, and the message categories managed beside it (`?tab=categories`). Each
 * tab keeps its own list state in the URL, so switching starts the other afresh.
 */
export default function MessageQueuePage() {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const categories = can(messageCategoryRead.code);
  const tab = categories && params.get('tab') === 'categories' ? 'categories' : 'messages';

  const open = (key: string) =>
    setParams((prev) => {
      const next = new URLSearchParams();
      const lang = prev.get(LANG_PARAM);
      if (lang) next.set(LANG_PARAM, lang);
      if (key === 'categories') next.set('tab', key);
      return next;
    });

  return (
    <Tabs
      activeKey={tab}
      onChange={open}
      destroyOnHidden
      items={[
        { key: 'messages', label: t('messaging.queue.tab'), children: <MessageQueue /> },
        ...(categories
          ? [{ key: 'categories', label: t('messaging.categories.tab'), children: <CategoriesTab /> }]
          : []),
      ]}
    />
  );
}
