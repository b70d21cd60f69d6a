import { baseKeymap, chainCommands, exitCode, setBlockType, toggleMark, wrapIn } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import { InputRule, inputRules, textblockTypeInputRule, wrappingInputRule } from 'prosemirror-inputrules';
import { keymap } from 'prosemirror-keymap';
import {
  DOMSerializer,
  type Node as DocNode,
  DOMParser as DocParser,
  type MarkType,
  type NodeType,
  Schema,
} from 'prosemirror-model';
import { liftListItem, sinkListItem, splitListItem, wrapInList } from 'prosemirror-schema-list';
import { type Command, EditorState } from 'prosemirror-state';

/** The link targets the server keeps (`allowedSchemes`). */
const SAFE_LINK = /^(https?:|mailto:)/i;

/**
 * The legal texts' document model (ProseMirror): exactly the tags the server's `sanitizeLegalHtml`
 * keeps (p br h2 h3 h4 strong em u s ul ol li blockquote a), so a stored text comes back intact.
 */
export const schema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: { group: 'block', content: 'inline*', parseDOM: [{ tag: 'p' }], toDOM: () => ['p', 0] },
    heading: {
      group: 'block',
      content: 'inline*',
      attrs: { level: { default: 2 } },
      defining: true,
      parseDOM: [2, 3, 4].map((level) => ({ tag: `h${level}`, attrs: { level } })),
      toDOM: (node) => [`h${node.attrs.level}`, 0],
    },
    blockquote: {
      group: 'block',
      content: 'block+',
      defining: true,
      parseDOM: [{ tag: 'blockquote' }],
      toDOM: () => ['blockquote', 0],
    },
    bulletList: { group: 'block', content: 'listItem+', parseDOM: [{ tag: 'ul' }], toDOM: () => ['ul', 0] },
    orderedList: { group: 'block', content: 'listItem+', parseDOM: [{ tag: 'ol' }], toDOM: () => ['ol', 0] },
    listItem: {
      content: 'paragraph block*',
      defining: true,
      parseDOM: [{ tag: 'li' }],
      toDOM: () => ['li', 0],
    },
    text: { group: 'inline' },
    hardBreak: {
      group: 'inline',
      inline: true,
      selectable: false,
      parseDOM: [{ tag: 'br' }],
      toDOM: () => ['br'],
    },
  },
  marks: {
    link: {
      attrs: { href: {} },
      inclusive: false,
      parseDOM: [
        {
          tag: 'a[href]',
          getAttrs: (dom) => {
            const href = dom.getAttribute('href') ?? '';
            return SAFE_LINK.test(href) ? { href } : false;
          },
        },
      ],
      toDOM: (mark) => ['a', { href: mark.attrs.href, rel: 'noopener noreferrer', target: '_blank' }, 0],
    },
    bold: { parseDOM: [{ tag: 'strong' }, { tag: 'b' }], toDOM: () => ['strong', 0] },
    italic: { parseDOM: [{ tag: 'em' }, { tag: 'i' }], toDOM: () => ['em', 0] },
    underline: { parseDOM: [{ tag: 'u' }], toDOM: () => ['u', 0] },
    strike: { parseDOM: [{ tag: 's' }, { tag: 'del' }, { tag: 'strike' }], toDOM: () => ['s', 0] },
  },
});

const { nodes, marks } = schema;

export function htmlToDoc(html: string): DocNode {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return DocParser.fromSchema(schema).parse(body);
}

/** The HTML the form holds: '' for an empty document, so a required body reads as missing. */
export function docToHtml(doc: DocNode): string {
  const only = doc.firstChild;
  if (doc.childCount === 1 && only?.type === nodes.paragraph && only.content.size === 0) return '';
  const box = document.createElement('div');
  box.append(DOMSerializer.fromSchema(schema).serializeFragment(doc.content));
  return box.innerHTML;
}

export function markActive(state: EditorState, type: MarkType): boolean {
  const { empty, $from, from, to } = state.selection;
  if (empty) return Boolean(type.isInSet(state.storedMarks ?? $from.marks()));
  return state.doc.rangeHasMark(from, to, type);
}

/** The depth of the nearest enclosing node of one of these types around the selection, or -1. */
function enclosing(state: EditorState, types: NodeType[]): number {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    if (types.includes($from.node(depth).type)) return depth;
  }
  return -1;
}

export const headingActive = (state: EditorState, level: number) => {
  const parent = state.selection.$from.parent;
  return parent.type === nodes.heading && parent.attrs.level === level;
};

export const listActive = (state: EditorState, type: NodeType) => {
  const depth = enclosing(state, [nodes.bulletList, nodes.orderedList]);
  return depth > 0 && state.selection.$from.node(depth).type === type;
};

export const toggleHeading =
  (level: number): Command =>
  (state, dispatch) =>
    headingActive(state, level)
      ? setBlockType(nodes.paragraph)(state, dispatch)
      : setBlockType(nodes.heading, { level })(state, dispatch);

/** Out of this list, into the other kind (the same items), or into a new list. */
export const toggleList =
  (type: NodeType): Command =>
  (state, dispatch) => {
    const depth = enclosing(state, [nodes.bulletList, nodes.orderedList]);
    if (depth < 0) return wrapInList(type)(state, dispatch);
    if (state.selection.$from.node(depth).type === type) return liftListItem(nodes.listItem)(state, dispatch);
    dispatch?.(state.tr.setNodeMarkup(state.selection.$from.before(depth), type));
    return true;
  };

export const commands = {
  bold: toggleMark(marks.bold),
  italic: toggleMark(marks.italic),
  heading: toggleHeading(2),
  bulletList: toggleList(nodes.bulletList),
  orderedList: toggleList(nodes.orderedList),
  undo,
  redo,
};

/** A typed web or mail address becomes a link when a space follows it. */
const autolink = new InputRule(
  /((?:https?:\/\/|mailto:)[^\s<>"]*[^\s<>".,;:!?)])(\s)$/i,
  (state, match, start, end) => {
    const [, href = '', space = ' '] = match;
    if (state.doc.rangeHasMark(start, end, marks.link)) return null;
    return state.tr.addMark(start, start + href.length, marks.link.create({ href })).insertText(space, end);
  },
);

const hardBreak: Command = (state, dispatch) => {
  dispatch?.(state.tr.replaceSelectionWith(nodes.hardBreak.create()).scrollIntoView());
  return true;
};

/** Tab and Shift-Tab are left to move the focus (WCAG 2.1.2); Mod-] and Mod-[ nest a list item. */
const plugins = [
  inputRules({
    rules: [
      wrappingInputRule(/^\s*([-+*])\s$/, nodes.bulletList),
      wrappingInputRule(/^\d+\.\s$/, nodes.orderedList),
      textblockTypeInputRule(/^(#{2,3})\s$/, nodes.heading, (match) => ({ level: match[1]?.length })),
      wrappingInputRule(/^\s*>\s$/, nodes.blockquote),
      autolink,
    ],
  }),
  keymap({
    'Mod-z': undo,
    'Mod-y': redo,
    'Shift-Mod-z': redo,
    'Mod-b': commands.bold,
    'Mod-i': commands.italic,
    'Mod-u': toggleMark(marks.underline),
    'Shift-Mod-s': toggleMark(marks.strike),
    'Shift-Mod-b': wrapIn(nodes.blockquote),
    'Shift-Mod-7': commands.orderedList,
    'Shift-Mod-8': commands.bulletList,
    'Shift-Enter': chainCommands(exitCode, hardBreak),
    Enter: splitListItem(nodes.listItem),
    'Mod-]': sinkListItem(nodes.listItem),
    'Mod-[': liftListItem(nodes.listItem),
  }),
  keymap(baseKeymap),
  history(),
];

export const createState = (html: string) => EditorState.create({ doc: htmlToDoc(html), plugins });
