import { fireEvent, render, screen } from '@testing-library/react';
import { EditorView } from 'prosemirror-view';
import { describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from './RichTextEditor.tsx';
import { commands, createState, docToHtml, htmlToDoc } from './richText.ts';

const html = (source: string) => docToHtml(htmlToDoc(source));

describe('the legal texts’ rich text', () => {
  it('keeps every tag the server keeps, and nothing else', () => {
    const stored =
      '<h2>Points</h2><p>a <strong>b</strong> <em>c</em> <u>d</u> <s>e</s> ' +
      '<a href="https://bank.example/terms" rel="noopener noreferrer" target="_blank">terms</a></p>' +
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><blockquote><p>quote</p></blockquote>' +
      '<h3>Three</h3><h4>Four</h4><p>line<br>break</p>';
    expect(html(stored)).toBe(stored);
    expect(html('<p>x<script>alert(1)</script><img src=x onerror="alert(2)"></p>')).toBe('<p>x</p>');
    // An unsafe link keeps its words, not its address.
    expect(html('<p><a href="javascript:alert(3)">bad</a></p>')).toBe('<p>bad</p>');
    expect(html('<p><b>b</b><i>i</i><del>d</del></p>')).toBe('<p><strong>b</strong><em>i</em><s>d</s></p>');
  });

  it('reads an empty document as no text, so a required body is missing', () => {
    expect(html('')).toBe('');
    expect(html('<p></p>')).toBe('');
  });

  it('toggles headings (undoably) and lists, switching a list to the other kind', () => {
    let state = createState('<p>Points</p>');
    const apply = (command: (typeof commands)[keyof typeof commands]) =>
      command(state, (tr) => {
        state = state.apply(tr);
      });
    apply(commands.heading);
    expect(docToHtml(state.doc)).toBe('<h2>Points</h2>');
    apply(commands.undo);
    expect(docToHtml(state.doc)).toBe('<p>Points</p>');
    apply(commands.redo);
    expect(docToHtml(state.doc)).toBe('<h2>Points</h2>');
    apply(commands.heading);
    apply(commands.bulletList);
    expect(docToHtml(state.doc)).toBe('<ul><li><p>Points</p></li></ul>');
    apply(commands.orderedList);
    expect(docToHtml(state.doc)).toBe('<ol><li><p>Points</p></li></ol>');
    apply(commands.orderedList);
    expect(docToHtml(state.doc)).toBe('<p>Points</p>');
  });

  it('makes a typed address a link when a space follows it', () => {
    const view = new EditorView(document.createElement('div'), {
      state: createState('<p>see https://bank.example/faq</p>'),
    });
    const end = view.state.doc.content.size - 1;
    const handled = view.someProp('handleTextInput', (handle) =>
      handle(view, end, end, ' ', () => view.state.tr),
    );
    expect(handled).toBe(true);
    expect(docToHtml(view.state.doc)).toBe(
      '<p>see <a href="https://bank.example/faq" rel="noopener noreferrer" target="_blank">https://bank.example/faq</a> </p>',
    );
    view.destroy();
  });

  it('is a named text box; a value from outside replaces the text without echoing back', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <RichTextEditor
        value="<p>Draft</p>"
        onChange={onChange}
        dir="rtl"
        label="Body (Arabic)"
        id="legal_bodyAr"
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Body (Arabic)' });
    expect(box.getAttribute('dir')).toBe('rtl');
    expect(box.id).toBe('legal_bodyAr');
    expect(box.textContent).toBe('Draft');
    expect((screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(
      <RichTextEditor
        value="<p>Loaded</p>"
        onChange={onChange}
        dir="rtl"
        label="Body (Arabic)"
        aria-invalid="true"
      />,
    );
    expect(box.textContent).toBe('Loaded');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
    // A toolbar command is an edit: it goes out as HTML.
    fireEvent.click(screen.getByRole('button', { name: 'Heading' }));
    expect(onChange).toHaveBeenLastCalledWith('<h2>Loaded</h2>');
    expect(screen.getByRole('button', { name: 'Heading' }).getAttribute('aria-pressed')).toBe('true');
  });
});
