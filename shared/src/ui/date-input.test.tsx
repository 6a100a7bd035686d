// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { DateField } from '../forms/date-field';
import { createI18n } from '../i18n/create-i18n';
import { DateInput, type DateInputKind } from './date-input';

afterEach(cleanup);

function Controlled({ kind, initial = '', min, max }: { kind: DateInputKind; initial?: string; min?: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="when">When</label>
      <DateInput id="when" kind={kind} value={value} onChange={setValue} min={min} max={max} />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('2030-05-06T07:08'.slice(0, kind === 'month' ? 7 : kind === 'date' ? 10 : 16))}>
        load
      </button>
    </>
  );
}

// The calendar's chunk is imported on the first open: slow the first time in a cold test run.
const renderIn = (language: 'ja' | 'en', node: React.ReactNode) =>
  render(<I18nextProvider i18n={createI18n({ lng: language })}>{node}</I18nextProvider>);
const value = () => screen.getByTestId('value').textContent;

describe('DateInput', () => {
  it('reads a typed day in any usual spelling and shows it as kept when the field is left', () => {
    renderIn('ja', <Controlled kind="date" />);
    const field = screen.getByLabelText('When') as HTMLInputElement;
    expect(field.type).toBe('text');
    expect(field.placeholder).toBe('例: 2025-10-01');
    fireEvent.change(field, { target: { value: '２０２５年１０月１日' } });
    expect(value()).toBe('2025-10-01');
    expect(field.value).toBe('２０２５年１０月１日');
    fireEvent.blur(field);
    expect(field.value).toBe('2025-10-01');
    fireEvent.change(field, { target: { value: '2025/13/01' } });
    expect(value()).toBe('2025/13/01');
    fireEvent.change(field, { target: { value: '' } });
    expect(value()).toBe('');
  });

  it('takes a value set from outside (a reset, a loaded record) into its fields', () => {
    renderIn('en', <Controlled kind="datetime-local" initial="2031-12-24T18:30" />);
    const day = screen.getByLabelText('When') as HTMLInputElement;
    const time = screen.getByLabelText('Time') as HTMLInputElement;
    expect([day.value, time.value]).toEqual(['2031-12-24', '18:30']);
    fireEvent.click(screen.getByText('load'));
    expect([day.value, time.value]).toEqual(['2030-05-06', '07:08']);
    fireEvent.change(time, { target: { value: '9時' } });
    expect(value()).toBe('2030-05-06T09:00');
    fireEvent.change(day, { target: { value: '' } });
    fireEvent.change(time, { target: { value: '' } });
    expect(value()).toBe('');
  });

  it('fills both fields of a date-time when a whole one is typed or pasted into its day', () => {
    renderIn('en', <Controlled kind="datetime-local" />);
    fireEvent.change(screen.getByLabelText('When'), { target: { value: '2031/12/24 18:30' } });
    expect(value()).toBe('2031-12-24T18:30');
    expect((screen.getByLabelText('When') as HTMLInputElement).value).toBe('2031-12-24');
    expect((screen.getByLabelText('Time') as HTMLInputElement).value).toBe('18:30');
  });

  it('draws its calendar in the page language (ja), and a picked day becomes the value', async () => {
    renderIn('ja', <Controlled kind="date" initial="2025-10-01" />);
    fireEvent.click(screen.getByRole('button', { name: 'カレンダーを開く' }));
    const dialog = await screen.findByRole('dialog', { name: 'カレンダー' }, { timeout: 10_000 });
    expect(within(dialog).getByRole('grid').getAttribute('aria-label')).toBe('2025年10月');
    expect(within(dialog).getByRole('button', { name: '次の月へ' })).toBeTruthy();
    expect([...dialog.querySelectorAll('.rdp-weekday')].map((cell) => cell.textContent)).toEqual([
      '日',
      '月',
      '火',
      '水',
      '木',
      '金',
      '土',
    ]);
    // The chosen day has the focus (the calendar's keyboard starts there).
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toContain('2025年10月1日(水)'));
    fireEvent.click(within(dialog).getByRole('button', { name: '2025年10月15日(水)' }));
    expect(value()).toBe('2025-10-15');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'カレンダーを開く' }));
  });

  it('draws it in English on an English page, within min and max', async () => {
    renderIn('en', <Controlled kind="date" initial="2025-10-10" min="2025-10-05" max="2025-10-20" />);
    fireEvent.click(screen.getByRole('button', { name: 'Open the calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Calendar' });
    expect(within(dialog).getByRole('grid').getAttribute('aria-label')).toBe('October 2025');
    expect(dialog.querySelector('.rdp-weekday')?.textContent).toBe('Su');
    expect((within(dialog).getByRole('button', { name: 'Sat, Oct 4, 2025' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Tue, Oct 21, 2025' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Sun, Oct 5, 2025' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('closes on Escape without letting a dialog around it close, and returns to its button', async () => {
    renderIn('en', <Controlled kind="date" />);
    const open = screen.getByRole('button', { name: 'Open the calendar' });
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const dialog = await screen.findByRole('dialog');
    const escapeKey = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    let reachedOutside = false;
    document.addEventListener('keydown', () => (reachedOutside = true), { once: true });
    dialog.querySelector('button')?.dispatchEvent(escapeKey);
    expect(escapeKey.defaultPrevented).toBe(true);
    expect(reachedOutside).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);
    expect(open.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when someone clicks elsewhere on the page', async () => {
    renderIn('en', <Controlled kind="date" />);
    fireEvent.click(screen.getByRole('button', { name: 'Open the calendar' }));
    await screen.findByRole('dialog');
    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // And when the focus leaves it for another part of the page (Tab past its last control).
    fireEvent.click(screen.getByRole('button', { name: 'Open the calendar' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.blur(within(dialog).getByRole('button', { name: 'Close' }), { relatedTarget: screen.getByText('load') });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("moves on to the time once a date-time's day is picked", async () => {
    renderIn('en', <Controlled kind="datetime-local" />);
    fireEvent.click(screen.getByRole('button', { name: 'Open the calendar' }));
    const dialog = await screen.findByRole('dialog');
    const today = new Date();
    const days = within(dialog)
      .getAllByRole('button')
      .filter((button) => button.closest('[role="gridcell"]'));
    fireEvent.click(days[10] as HTMLElement);
    const picked = value() ?? '';
    expect(picked).toMatch(new RegExp(`^${today.getFullYear()}-\\d{2}-\\d{2}T$`));
    expect(document.activeElement).toBe(screen.getByLabelText('Time'));
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '1830' } });
    expect(value()).toBe(`${picked}18:30`);
  });

  it('offers a year of months in the page language for a month, with arrow keys between them', async () => {
    renderIn('ja', <Controlled kind="month" initial="2025-10" max="2025-11" />);
    fireEvent.click(screen.getByRole('button', { name: 'カレンダーを開く' }));
    const dialog = await screen.findByRole('dialog', { name: '年間カレンダー' });
    const october = within(dialog).getByRole('button', { name: '10月' });
    expect(october.getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(october);
    expect((within(dialog).getByRole('button', { name: '12月' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('combobox', { name: '年' }) as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('2025年');
    fireEvent.keyDown(october, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('7月');
    fireEvent.click(within(dialog).getByRole('button', { name: '前の年へ' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '3月' }));
    expect(value()).toBe('2024-03');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets a parent that takes only whole values keep its own while one is typed, and shows it again on leaving', () => {
    function WholeMonths() {
      const [month, setMonth] = useState('2025-10');
      return (
        <>
          <label htmlFor="month">Month</label>
          <DateInput id="month" kind="month" value={month} onChange={(next) => /^\d{4}-\d{2}$/.test(next) && setMonth(next)} />
          <output data-testid="value">{month}</output>
        </>
      );
    }
    renderIn('en', <WholeMonths />);
    const field = screen.getByLabelText('Month') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '2024' } });
    expect(field.value).toBe('2024');
    fireEvent.change(field, { target: { value: '2024/' } });
    expect(field.value).toBe('2024/');
    fireEvent.change(field, { target: { value: '2024/3' } });
    expect(value()).toBe('2024-03');
    fireEvent.change(field, { target: { value: '2024/' } });
    fireEvent.blur(field);
    expect(field.value).toBe('2024-03');
  });

  it("ties a date-time's time field to the same error and requirement as its day", () => {
    renderIn(
      'ja',
      <>
        <label htmlFor="starts">開始</label>
        <DateInput id="starts" kind="datetime-local" value="" onChange={() => {}} aria-invalid aria-describedby="starts-error" required />
        <p id="starts-error">必須です</p>
      </>,
    );
    for (const field of [screen.getByLabelText('開始'), screen.getByLabelText('時刻')]) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toBe('starts-error');
      expect((field as HTMLInputElement).required).toBe(true);
    }
    expect((screen.getByLabelText('時刻') as HTMLInputElement).placeholder).toBe('例: 10:00');
  });

  it('has a time on its own as a text field with no calendar', () => {
    renderIn('en', <Controlled kind="time" initial="10:00" />);
    const field = screen.getByLabelText('When') as HTMLInputElement;
    expect(field.value).toBe('10:00');
    expect(screen.queryByRole('button', { name: /calendar/i })).toBeNull();
    fireEvent.change(field, { target: { value: '7.5' } });
    expect(value()).toBe('07:05');
  });
});

describe('DateField', () => {
  function Form({ onValues }: { onValues: (values: { starts: string }) => void }) {
    const form = useForm({ defaultValues: { starts: '2031-12-24T18:30' } });
    const { handleSubmit, reset } = form;
    return (
      <form onSubmit={handleSubmit(onValues)}>
        <label htmlFor="starts">Starts</label>
        <DateField id="starts" form={form} name="starts" kind="datetime-local" />
        <button type="button" onClick={() => reset({ starts: '' })}>
          clear
        </button>
        <button type="submit">save</button>
      </form>
    );
  }

  it('holds the datetime-local format in the form, as the native input did', async () => {
    const seen: string[] = [];
    renderIn('en', <Form onValues={(values) => seen.push(values.starts)} />);
    expect((screen.getByLabelText('Starts') as HTMLInputElement).value).toBe('2031-12-24');
    fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2032/1/2' } });
    fireEvent.click(screen.getByText('save'));
    await waitFor(() => expect(seen).toEqual(['2032-01-02T18:30']));
    fireEvent.click(screen.getByText('clear'));
    await waitFor(() => expect((screen.getByLabelText('Time') as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Starts') as HTMLInputElement).value).toBe('');
  });
});
