import { HolderOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type ContentLang, contentLangs, type Faq, type FaqMoveInput, faqCommands } from '@loyalty/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Segmented, Space } from 'antd';
import { createContext, type HTMLAttributes, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiWrite } from '../../../api/typed.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { Input } from '../../../components/Input.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { readListParams } from '../../../components/ResourceTable.tsx';
import { StatusTag } from '../../../components/StatusTag.tsx';
import { useResourceActions } from '../../../components/useResourceActions.ts';
import { useWriteOutcome } from '../../../components/writeOutcome.ts';
import { useLang, useLangNavigate } from '../../../i18n/lang.ts';
import { useCan } from '../../../state/me.ts';
import { faqUi } from './faqs.resource.tsx';

/** The FAQ language shown (`?faqLang=`; `?lang=` is the screen's own language). */
const FAQ_LANG = 'faqLang';

interface RowContextValue {
  handle?: Pick<ReturnType<typeof useSortable>, 'setActivatorNodeRef' | 'listeners' | 'attributes'>;
}
const RowContext = createContext<RowContextValue>({});

/** A table row that can be dragged by its handle (mouse, touch or keyboard: Space, arrows, Space). */
function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': string }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: props['data-row-key'] });
  const context = useMemo(
    () => ({ handle: { setActivatorNodeRef, listeners, attributes } }),
    [setActivatorNodeRef, listeners, attributes],
  );
  return (
    <RowContext.Provider value={context}>
      <tr
        {...props}
        ref={setNodeRef}
        style={{
          ...props.style,
          transform: CSS.Translate.toString(transform),
          transition,
          ...(isDragging ? { position: 'relative', zIndex: 9, background: '#fafafa' } : {}),
        }}
      />
    </RowContext.Provider>
  );
}

function DragHandle({ label }: { label: string }) {
  const { handle } = useContext(RowContext);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      style={{ cursor: 'move', touchAction: 'none' }}
      ref={handle?.setActivatorNodeRef}
      {...handle?.attributes}
      {...handle?.listeners}
      aria-label={label}
      data-testid="faq-drag"
    />
  );
}

/** Where a dragged entry lands: before its new next neighbour, or after its new previous one. */
export function moveOf(rows: Faq[], activeId: number, overId: number): FaqMoveInput | undefined {
  const from = rows.findIndex((r) => r.id === activeId);
  const to = rows.findIndex((r) => r.id === overId);
  if (from < 0 || to < 0 || from === to) return undefined;
  const next = arrayMove(rows, from, to);
  const after = next[to + 1];
  const before = next[to - 1];
  if (after) return { id: activeId, beforeId: after.id };
  return before ? { id: activeId, afterId: before.id } : undefined;
}

/**
 * The FAQ of one language in the order the customer app shows it; staff drag entries by their
 * handle to reorder them (each move is the `faq.move` command).
 */
export default function FaqListPage() {
  const { t } = useTranslation();
  const { lang: uiLang } = useLang();
  const can = useCan();
  const navigate = useLangNavigate();
  const queryClient = useQueryClient();
  const report = useWriteOutcome();
  const actions = useResourceActions(faqUi);
  const [params, setParams] = useSearchParams();
  const list = readListParams(params, []);
  const faqLang = (contentLangs as readonly string[]).includes(params.get(FAQ_LANG) ?? '')
    ? (params.get(FAQ_LANG) as ContentLang)
    : uiLang;
  const query = { ...list, sort: 'position:asc', lang: faqLang };

  const data = useQuery({
    queryKey: [faqUi.key, 'list', query],
    queryFn: ({ signal }) => faqUi.api.list(query, signal),
    placeholderData: keepPreviousData,
  });
  // The order shown while a move is on its way (optimistic), then the server's.
  const [rows, setRows] = useState<Faq[]>([]);
  useEffect(() => setRows(data.data?.items ?? []), [data.data]);

  const set = (patch: Record<string, string | number | undefined>) =>
    setParams((prev) => {
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined || value === '') prev.delete(key);
        else prev.set(key, String(value));
      }
      return prev;
    });

  const canMove = can(faqCommands.move.name);
  const canEdit = can(faqCommands.update.name);
  const canDelete = can(faqCommands.delete.name);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const move = moveOf(rows, Number(active.id), Number(over.id));
    if (!move) return;
    const from = rows.findIndex((r) => r.id === Number(active.id));
    const to = rows.findIndex((r) => r.id === Number(over.id));
    setRows(arrayMove(rows, from, to));
    await report(apiWrite('post', '/api/admin/faqs/move', { body: move }), {
      success: 'content.faqs.moved',
      failure: 'content.faqs.moveFailed',
    });
    void queryClient.invalidateQueries({ queryKey: [faqUi.key] });
  };

  const columns: DataColumn<Faq>[] = [
    ...(canMove
      ? [{ key: 'drag', width: 48, render: () => <DragHandle label={t('content.faqs.dragHandle')} /> }]
      : []),
    { key: 'position', dataIndex: 'position', title: t('content.faqs.fields.position'), width: 72 },
    { key: 'question', dataIndex: 'question', title: t('content.faqs.fields.question') },
    { key: 'category', dataIndex: 'category', title: t('content.faqs.fields.category') },
    {
      key: 'status',
      title: t('content.faqs.fields.status'),
      render: (_: unknown, row: Faq) => <StatusTag status={row.status} prefix="content.faqs.statuses" />,
    },
  ];
  if (canEdit || canDelete) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      render: (_: unknown, row: Faq) => (
        <Space>
          {canEdit && (
            <Button type="link" onClick={() => navigate(faqUi.paths.edit(row.id))}>
              {t('common.edit')}
            </Button>
          )}
          {canDelete && (
            <Button type="link" danger onClick={() => actions.confirmDelete(row)}>
              {t('common.delete')}
            </Button>
          )}
        </Space>
      ),
    });
  }

  return (
    <Panel>
      <Flex justify="space-between" gap={16} wrap style={{ marginBottom: 16 }}>
        <Segmented
          aria-label={t('content.faqs.fields.lang')}
          value={faqLang}
          options={contentLangs.map((l) => ({ value: l, label: t(`content.faqs.langs.${l}`) }))}
          onChange={(value) => set({ [FAQ_LANG]: value, page: 1 })}
        />
        <Input.Search
          key={list.q ?? ''}
          defaultValue={list.q}
          allowClear
          placeholder={t(faqUi.messages.search)}
          aria-label={t(faqUi.messages.search)}
          onSearch={(q) => set({ q: q.trim(), page: 1 })}
          style={{ maxWidth: 360 }}
        />
        {can(faqCommands.create.name) && (
          <Button type="primary" onClick={() => navigate(faqUi.paths.create)}>
            {t('common.create')}
          </Button>
        )}
      </Flex>
      <QueryError query={data} />
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={rows.map((r) => String(r.id))} strategy={verticalListSortingStrategy}>
          <DataTable<Faq>
            data-testid="faqs-table"
            rowKey="id"
            columns={columns}
            components={{ body: { row: SortableRow } }}
            dataSource={rows}
            loading={{ spinning: data.isFetching, description: t(faqUi.messages.loading) }}
            locale={{ emptyText: data.isPending ? ' ' : t('msg.noRecordsFound') }}
            expandable={{
              expandedRowRender: (row) => <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{row.answer}</p>,
            }}
            pagination={{
              current: list.page,
              pageSize: list.pageSize,
              total: data.data?.total ?? 0,
              showSizeChanger: true,
              onChange: (page, pageSize) => set({ page, pageSize }),
            }}
          />
        </SortableContext>
      </DndContext>
    </Panel>
  );
}
