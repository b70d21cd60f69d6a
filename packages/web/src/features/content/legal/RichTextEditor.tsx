import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/Tooltip.tsx';

/** What the editor may produce: the server keeps the same tags (and drops anything else). */
const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
  }),
];

interface Props {
  value?: string;
  onChange?: (html: string) => void;
  dir: 'ltr' | 'rtl';
  label: string;
}

/** Rich text (Tiptap): paragraphs, headings, lists, bold, italic, links; HTML in and out. */
export function RichTextEditor({ value = '', onChange, dir, label }: Props) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions,
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        dir,
        class: 'legal-editor-content',
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  // A value set from outside (a loaded draft) replaces the content.
  useEffect(() => {
    // A re-render can hold the instance useEditor has just destroyed (its schema gone): skip it.
    if (!editor || editor.isDestroyed) return;
    if (value !== editor.getHTML() && !(value === '' && editor.isEmpty)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  const tool = (key: string, icon: React.ReactNode, run: () => void, active = false) => (
    <Tooltip title={t(`content.legal.editor.${key}`)}>
      <Button
        size="small"
        type={active ? 'primary' : 'default'}
        icon={icon}
        aria-label={t(`content.legal.editor.${key}`)}
        onClick={run}
      />
    </Tooltip>
  );
  const chain = () => editor.chain().focus();
  return (
    <div className="legal-editor" dir={dir}>
      <Space wrap style={{ marginBottom: 8 }}>
        {tool('bold', <BoldOutlined />, () => chain().toggleBold().run(), editor.isActive('bold'))}
        {tool('italic', <ItalicOutlined />, () => chain().toggleItalic().run(), editor.isActive('italic'))}
        <Button
          size="small"
          type={editor.isActive('heading', { level: 2 }) ? 'primary' : 'default'}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        >
          {t('content.legal.editor.heading')}
        </Button>
        {tool(
          'bulletList',
          <UnorderedListOutlined />,
          () => chain().toggleBulletList().run(),
          editor.isActive('bulletList'),
        )}
        {tool(
          'orderedList',
          <OrderedListOutlined />,
          () => chain().toggleOrderedList().run(),
          editor.isActive('orderedList'),
        )}
        {tool('undo', <UndoOutlined />, () => chain().undo().run())}
        {tool('redo', <RedoOutlined />, () => chain().redo().run())}
      </Space>
      <EditorContent editor={editor} />
    </div>
  );
}
