import { LineChartOutlined } from '@ant-design/icons';
import type { ReplayableCommand } from '@loyalty/contracts';
import { Button } from 'antd';
import { type ComponentType, createElement, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Drawer } from '../../components/Drawer.tsx';
import { InlineLoading } from '../../components/LoadingOverlay.tsx';
import type { FieldAddonProps } from '../../components/resource.ts';
import { useCan } from '../../state/me.ts';

const Panel = lazy(() => import('./ReplayPanel.tsx'));

/**
 * "What would this have cost?" on a change's form: a button opening a drawer where the change as
 * typed (not yet saved) is replayed over the programme's history (the panel's code loads then).
 */
export function ReplayButton({
  command,
  id,
  input,
  testId,
}: {
  command: ReplayableCommand;
  id?: number | undefined;
  input: () => unknown;
  testId: string;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can('replay.start')) return null;
  return (
    <>
      <Button icon={<LineChartOutlined />} onClick={() => setOpen(true)} data-testid={testId}>
        {t('replays.title')}
      </Button>
      <Drawer
        open={open}
        title={t('replays.title')}
        size="large"
        onClose={() => setOpen(false)}
        destroyOnHidden
      >
        <Suspense fallback={<InlineLoading text="" />}>
          <Panel command={command} id={id} input={input} />
        </Suspense>
      </Drawer>
    </>
  );
}

/**
 * The button as a resource form's field addon (`after`): the create command on the create screen,
 * the update command (with the path's id) on the edit screen; nothing where there is none.
 */
export function replayAddon(
  commands: { create?: ReplayableCommand; update: ReplayableCommand },
  testId: string,
): ComponentType<FieldAddonProps> {
  return function ReplayAddon({ getValues }: FieldAddonProps) {
    const param = useParams().id;
    const id = param ? Number(param) : undefined;
    const command = id === undefined ? commands.create : commands.update;
    if (!command) return null;
    return createElement(
      'div',
      { style: { marginBlockEnd: 24 } },
      createElement(ReplayButton, { command, id, input: getValues, testId }),
    );
  };
}
