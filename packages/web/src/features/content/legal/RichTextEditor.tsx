import 'prosemirror-view/style/prosemirror.css';
import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { Command } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/Tooltip.tsx';
import {
  commands,
  createState,
  docToHtml,
  headingActive,
  htmlToDoc,
  listActive,
  markActive,
  schema,
} from './richText.ts';

interface Props {
  value?: string;
  onChange?: (html: string) => void;
  dir: 'ltr' | 'rtl';
  label: string;
  /** From Form.Item: the field's id and its error's state. */
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

/** A value set from outside (a loaded draft): replaces the content, not undoable, not echoed back. */
const EXTERNAL = 'external';

/** Rich text (ProseMirror): paragraphs, headings, lists, bold, italic, links; HTML in and out. */
export function RichTextEditor({ value = '', onChange, dir, label, ...field }: Props) {
  const { t } = useTranslation();
  const mount = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const [state, setState] = useState(() => createState(value));
  const initial = useRef(state);
  const emitted = useRef(value);
  const change = useRef(onChange);
  change.current = onChange;

  useLayoutEffect(() => {
    const editor = new EditorView(mount.current, {
      state: initial.current,
      dispatchTransaction(tr) {
        const next = editor.state.apply(tr);
        editor.updateState(next);
        setState(next);
        if (!tr.docChanged || tr.getMeta(EXTERNAL)) return;
        emitted.current = docToHtml(next.doc);
        change.current?.(emitted.current);
      },
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  const invalid = field['aria-invalid'];
  const { id, 'aria-describedby': describedBy } = field;
  useLayoutEffect(() => {
    view.current?.setProps({
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        dir,
        class: 'legal-editor-content',
        ...(id ? { id } : {}),
        ...(invalid ? { 'aria-invalid': String(invalid) } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    });
  }, [label, dir, id, invalid, describedBy]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    const { tr, doc } = editor.state;
    editor.dispatch(
      tr
        .replaceWith(0, doc.content.size, htmlToDoc(value).content)
        .setMeta('addToHistory', false)
        .setMeta(EXTERNAL, true),
    );
  }, [value]);

  const run = (command: Command) => {
    const editor = view.current;
    if (!editor) return;
    command(editor.state, editor.dispatch);
    editor.focus();
  };
  /** A toolbar button: an icon named by its tooltip, or (without one) its text; a toggle says its state. */
  const tool = (key: keyof typeof commands, active?: boolean, icon?: React.ReactNode) => {
    const name = t(`content.legal.editor.${key}`);
    const button = (
      <Button
        size="small"
        type={active ? 'primary' : 'default'}
        icon={icon}
        aria-label={icon ? name : undefined}
        aria-pressed={active}
        disabled={active === undefined && !commands[key](state)}
        onClick={() => run(commands[key])}
      >
        {icon ? null : name}
      </Button>
    );
    return icon ? <Tooltip title={name}>{button}</Tooltip> : button;
  };
  return (
    <div className="legal-editor" dir={dir}>
      <Space wrap style={{ marginBottom: 8 }}>
        {tool('bold', markActive(state, schema.marks.bold), <BoldOutlined />)}
        {tool('italic', markActive(state, schema.marks.italic), <ItalicOutlined />)}
        {tool('heading', headingActive(state, 2))}
        {tool('bulletList', listActive(state, schema.nodes.bulletList), <UnorderedListOutlined />)}
        {tool('orderedList', listActive(state, schema.nodes.orderedList), <OrderedListOutlined />)}
        {tool('undo', undefined, <UndoOutlined />)}
        {tool('redo', undefined, <RedoOutlined />)}
      </Space>
      <div ref={mount} />
    </div>
  );
}
