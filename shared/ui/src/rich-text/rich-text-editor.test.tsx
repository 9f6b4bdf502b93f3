import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Form, type FormInstance } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { createI18n, i18nReady } from '@leadforge/i18n';
import { UiProvider } from '../provider/ui-provider';
import { RichTextEditor } from './rich-text-editor';

// ProseMirror measures the page to place the cursor and scroll to it; jsdom lays nothing out.
beforeAll(() => {
  const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  const zeroRect = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects = emptyRects;
  Range.prototype.getBoundingClientRect = zeroRect;
  document.elementFromPoint = () => null;
});

const i18n = createI18n({ lng: 'en' });

beforeAll(async () => {
  // The editor's lazy chunk is a few hundred modules for jest to transform; loaded here once, the
  // lazy import() in each test resolves at once.
  await Promise.all([i18nReady(i18n), import('./tiptap-editor')]);
});

type Values = { signature: string };

/**
 * The editor as an antd form field, the way screens use it; `value()` is what the form holds and
 * would submit. Toolbar buttons are found by their aria-label: a role query computes the
 * accessible name of every button through getComputedStyle, seconds each against antd's style
 * sheets in jsdom.
 */
function renderField(initial = '') {
  let form: FormInstance<Values> | null = null;
  function Field() {
    const [instance] = Form.useForm<Values>();
    form = instance;
    return (
      <Form<Values> form={instance} initialValues={{ signature: initial }}>
        <Form.Item name="signature" label="Signature">
          <RichTextEditor aria-label="Signature" />
        </Form.Item>
      </Form>
    );
  }
  // user-event also checks `pointer-events` through getComputedStyle on every ancestor at each
  // pointer step; disabled buttons are still refused by their `disabled` attribute.
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <I18nextProvider i18n={i18n}>
      <UiProvider>
        <Field />
      </UiProvider>
    </I18nextProvider>,
  );
  const value = () => form!.getFieldValue('signature') as string;
  const button = (label: string) => screen.getByLabelText(label, { selector: 'button' });
  return { user, value, button };
}

/** A button of the link form, by its text (see above for why not by role). */
function linkFormButton(text: string) {
  return screen.findByText(text, { selector: 'button > span' });
}

/**
 * Waits for the lazily loaded editor and puts the cursor in it. Text goes in by pasting: ProseMirror
 * reads typed characters back from DOM mutations, and user-event's caret goes stale each time the
 * editor re-renders the text node it types into (characters go missing in jsdom, not in a browser).
 * Keys the editor handles itself (Enter, Shift+Enter, Ctrl+A, Backspace) are pressed.
 */
async function editable(user: ReturnType<typeof userEvent.setup>) {
  const box = await screen.findByRole('textbox', { name: 'Signature' });
  await user.click(box);
  return box;
}

describe('the rich-text editor', () => {
  it('gives the form what is written as HTML, paragraphs and line breaks included', async () => {
    const { user, value } = renderField();
    await editable(user);
    await user.paste('Ana Lima');
    await user.keyboard('{Enter}');
    await user.paste('Sales');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await user.paste('Leadforge');

    expect(value()).toBe('<p>Ana Lima</p><p>Sales<br>Leadforge</p>');
  });

  it('shows the value it is given and leaves it unchanged when nothing is edited', async () => {
    const html =
      '<p><strong>Ana</strong> · <a target="_blank" rel="noopener noreferrer" href="https://example.com/">site</a></p>';
    const { user, value } = renderField(html);
    const box = await editable(user);

    expect(box.querySelector('strong')).toHaveTextContent('Ana');
    expect(box.querySelector('a')).toHaveAttribute('href', 'https://example.com/');
    expect(value()).toBe(html);
  });

  it('makes the selection bold, and shows bold as pressed there', async () => {
    const { user, value, button } = renderField();
    await editable(user);
    await user.paste('Ana Lima');
    const bold = button('Bold');
    expect(bold).toHaveAttribute('aria-pressed', 'false');

    await user.keyboard('{Control>}a{/Control}');
    await user.click(bold);

    expect(bold).toHaveAttribute('aria-pressed', 'true');
    expect(value()).toBe('<p><strong>Ana Lima</strong></p>');
  });

  it('formats a selection, turns it into a list, clears the formatting and undoes that', async () => {
    const { user, value, button } = renderField();
    await editable(user);
    await user.paste('Call me');
    await user.keyboard('{Control>}a{/Control}');
    await user.click(button('Italic'));
    await user.click(button('Underline'));
    await user.click(button('Strikethrough'));
    await user.click(button('Numbered list'));
    expect(value()).toBe('<ol><li><p><em><s><u>Call me</u></s></em></p></li></ol>');

    await user.click(button('Clear formatting'));
    expect(value()).toBe('<p>Call me</p>');

    await user.click(button('Undo'));
    expect(value()).toBe('<ol><li><p><em><s><u>Call me</u></s></em></p></li></ol>');
  });

  it('refuses a javascript: link and links a web address', async () => {
    const { user, value, button } = renderField();
    const box = await editable(user);
    await user.paste('our site');
    await user.keyboard('{Control>}a{/Control}');

    await user.click(button('Link'));
    const address = await screen.findByLabelText('Link address');
    await user.click(address);
    await user.paste('javascript:alert(1)');
    await user.click(await linkFormButton('Apply'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a web address (http:// or https://) or an email address.');
    expect(box.querySelector('a')).toBeNull();

    await user.clear(address);
    await user.paste('example.com');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByLabelText('Link address')).toBeNull());
    expect(value()).toBe('<p><a target="_blank" rel="noopener noreferrer" href="https://example.com/">our site</a></p>');
  });

  it('drops a javascript: link that comes in with the HTML', async () => {
    const { user, value, button } = renderField('<p><a href="javascript:alert(1)">click</a> here</p>');
    const box = await editable(user);
    expect(box).toHaveTextContent('click here');
    expect(box.querySelector('a')).toBeNull();

    await user.keyboard('{Control>}a{/Control}');
    await user.click(button('Bold'));
    expect(value()).toBe('<p><strong>click here</strong></p>');
  });

  it('edits and removes a link', async () => {
    const { user, value, button } = renderField(
      '<p><a target="_blank" rel="noopener noreferrer" href="https://example.com/">site</a></p>',
    );
    await editable(user);
    await user.keyboard('{Control>}a{/Control}');

    await user.click(button('Link'));
    const address = await screen.findByLabelText('Link address');
    expect(address).toHaveValue('https://example.com/');
    await user.clear(address);
    await user.paste('ana@example.com');
    await user.click(await linkFormButton('Apply'));
    expect(value()).toBe('<p><a target="_blank" rel="noopener noreferrer" href="mailto:ana@example.com">site</a></p>');

    await user.click(button('Link'));
    await user.click(await linkFormButton('Remove the link'));
    expect(value()).toBe('<p>site</p>');
  });

  it('edits the same value as HTML and back', async () => {
    const { user, value, button } = renderField();
    await editable(user);
    await user.paste('Ana');
    await user.keyboard('{Control>}a{/Control}');
    await user.click(button('Bold'));

    await user.click(button('Edit as HTML'));
    const source = screen.getByRole('textbox', { name: 'Signature (HTML)' });
    expect(source).toHaveValue('<p><strong>Ana</strong></p>');
    expect(button('Bold')).toBeDisabled();

    await user.clear(source);
    await user.paste('<p><em>Bea</em></p>');
    expect(value()).toBe('<p><em>Bea</em></p>');

    await user.click(button('Edit as HTML'));
    const box = await screen.findByRole('textbox', { name: 'Signature' });
    expect(box.querySelector('em')).toHaveTextContent('Bea');
    expect(screen.queryByRole('textbox', { name: 'Signature (HTML)' })).toBeNull();

    await user.click(box);
    await user.keyboard('{Control>}a{/Control}');
    await user.click(button('Bold'));
    expect(value()).toBe('<p><strong><em>Bea</em></strong></p>');
  });

  it('opens HTML it cannot show as HTML, and says so', async () => {
    const html =
      '<table><tbody><tr><td><img src="https://example.com/logo.png" alt="Logo"></td><td style="color:#333">Ana</td></tr></tbody></table>';
    const { value } = renderField(html);

    expect(await screen.findByRole('textbox', { name: 'Signature (HTML)' })).toHaveValue(html);
    expect(screen.getByRole('alert')).toHaveTextContent('shown as HTML');
    expect(value()).toBe(html);
  });

  it('leaves an empty value rather than an empty paragraph once the text is deleted', async () => {
    const { user, value } = renderField('<p>Ana</p>');
    await editable(user);
    await user.keyboard('{Control>}a{/Control}{Backspace}');

    expect(value()).toBe('');
  });
});
