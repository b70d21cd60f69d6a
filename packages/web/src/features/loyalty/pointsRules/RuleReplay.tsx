import { LineChartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Drawer } from '../../../components/Drawer.tsx';
import type { FieldAddonProps } from '../../../components/resource.ts';
import { useCan } from '../../../state/me.ts';
import { ReplayPanel } from '../../replays/widgets.ts';

/**
 * "What would this have cost?" under the rule's form: the rule as typed (not yet saved) replayed
 * over the programme's history, in a drawer (features/replays).
 */
export function RuleReplay({ getValues }: FieldAddonProps) {
  const { t } = useTranslation();
  const can = useCan();
  const [open, setOpen] = useState(false);
  const param = useParams().id;
  const id = param ? Number(param) : undefined;
  if (!can('replay.start')) return null;
  return (
    <>
      <Button
        icon={<LineChartOutlined />}
        onClick={() => setOpen(true)}
        style={{ marginBlockEnd: 24 }}
        data-testid="rule-replay"
      >
        {t('replays.title')}
      </Button>
      <Drawer
        open={open}
        title={t('replays.title')}
        size="large"
        onClose={() => setOpen(false)}
        destroyOnHidden
      >
        <ReplayPanel
          command={id === undefined ? 'pointsRule.create' : 'pointsRule.update'}
          id={id}
          input={getValues}
        />
      </Drawer>
    </>
  );
}
