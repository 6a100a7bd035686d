// @vitest-environment happy-dom
// The stand-in held to react-hook-form: every scenario runs against the real library (by its file path, so the alias
// to the stand-in does not apply) and against mini-react-hook-form, both on preact/compat as in the widgets' build,
// and must give the same observable results (values handed to onValid, errors shown, DOM, formState).
import { fireEvent, screen } from '@testing-library/dom';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Rhf from 'react-hook-form';
// @ts-expect-error the dist file has no declaration of its own; it is typed as the package below.
import * as realModule from '../../../node_modules/react-hook-form/dist/index.esm.mjs';
import * as mini from './mini-react-hook-form';

vi.mock('react', async () => await import('preact/compat'));
vi.mock('react-dom', async () => await import('preact/compat'));
vi.mock('react/jsx-runtime', async () => await import('preact/compat/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', async () => await import('preact/compat/jsx-dev-runtime'));

const real = realModule as typeof Rhf;
const implementations = [
  ['react-hook-form', real],
  ['mini-react-hook-form', mini as unknown as typeof Rhf],
] as const;

type Values = {
  profile: { name: string; email: string };
  items: { qty: string }[];
  color: string;
  size: string | null;
  agree: boolean;
  note: string;
};
const defaults: Values = { profile: { name: 'Aoi', email: '' }, items: [{ qty: '1' }], color: 'red', size: null, agree: false, note: '' };

/** The rules: a name, an email with @, at most 10 of an item. */
const resolver: Rhf.Resolver<Values> = (values) => {
  const errors: Rhf.FieldErrors<Values> = {};
  if (values.profile.name.trim() === '') real.set(errors, 'profile.name', { type: 'required', message: 'Name needed' });
  if (values.profile.email !== '' && !values.profile.email.includes('@'))
    mini.set(errors, 'profile.email', { type: 'email', message: 'Bad email' });
  if (Number(values.items[0]?.qty) > 10) mini.set(errors, 'items.0.qty', { type: 'max', message: 'Too many' });
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

let container: HTMLElement;
afterEach(() => {
  render(null, container);
  container.remove();
});
const settle = () =>
  act(async () => {
    for (let round = 0; round < 5; round++) await new Promise((resolve) => setTimeout(resolve, 0));
  });

describe.each(implementations)('%s on preact/compat', (_, { useForm }) => {
  let api: Rhf.UseFormReturn<Values>;
  let submitted: Values[] = [];
  let release: (() => void) | null = null;
  let slow = false;

  function Form({ mode }: { mode?: 'onSubmit' | 'onTouched' }) {
    const form = useForm<Values>({ defaultValues: defaults, mode: mode ?? 'onSubmit', resolver });
    api = form;
    const { register, handleSubmit, formState, watch } = form;
    const { errors } = formState;
    const message = (text?: string) => (text ? <p role="alert">{text}</p> : null);
    return (
      <form
        aria-label="probe"
        noValidate
        data-submitting={String(formState.isSubmitting)}
        data-submitted={String(formState.isSubmitted)}
        data-dirty={String(formState.isDirty)}
        onSubmit={handleSubmit(async (values) => {
          submitted.push(values);
          if (slow) await new Promise<void>((resolve) => (release = resolve));
        })}
      >
        <input aria-label="Name" aria-invalid={errors.profile?.name ? true : undefined} {...register('profile.name')} />
        {message(errors.profile?.name?.message)}
        <input aria-label="Email" type="email" {...register('profile.email')} />
        {message(errors.profile?.email?.message)}
        <input aria-label="Qty" type="number" {...register('items.0.qty')} />
        {message(errors.items?.[0]?.qty?.message)}
        <select aria-label="Color" {...register('color')}>
          <option value="red">red</option>
          <option value="blue">blue</option>
        </select>
        <label>
          <input type="radio" value="s" {...register('size')} />S
        </label>
        <label>
          <input type="radio" value="m" {...register('size')} />M
        </label>
        <label>
          <input type="checkbox" {...register('agree')} />
          Agree
        </label>
        <textarea aria-label="Note" {...register('note')} />
        {message(errors.root?.message)}
        {message(errors.root?.server?.message)}
        <output data-testid="watch">{`${watch('profile.name')}|${JSON.stringify(watch())}`}</output>
        <button type="submit">Send</button>
      </form>
    );
  }

  const mount = async (mode?: 'onSubmit' | 'onTouched') => {
    submitted = [];
    slow = false;
    container = document.body.appendChild(document.createElement('div'));
    await act(() => render(<Form mode={mode} />, container));
  };
  const type = async (label: string, value: string) => {
    await act(() => {
      fireEvent.input(screen.getByLabelText(label), { target: { value } });
    });
    await settle();
  };
  const blur = async (label: string) => {
    await act(() => {
      // preact/compat listens for focusout as React does.
      fireEvent.focusOut(screen.getByLabelText(label));
    });
    await settle();
  };
  const submit = async () => {
    await act(() => {
      fireEvent.submit(screen.getByRole('form', { name: 'probe' }));
    });
    await settle();
  };
  const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);
  const form = () => screen.getByRole('form', { name: 'probe' });
  const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

  it('writes the default values into the elements and hands onValid the nested values of every kind of field', async () => {
    await mount();
    expect(input('Name').value).toBe('Aoi');
    expect(input('Qty').value).toBe('1');
    expect((screen.getByLabelText('Color') as HTMLSelectElement).value).toBe('red');
    expect(input('Agree').checked).toBe(false);
    await submit();
    expect(submitted).toEqual([defaults]);

    await type('Name', 'Ren');
    await type('Email', 'ren@example.com');
    await type('Qty', '7');
    await act(() => {
      fireEvent.change(screen.getByLabelText('Color'), { target: { value: 'blue' } });
      input('M').click();
      input('Agree').click();
    });
    await type('Note', 'Hello\nthere');
    await submit();
    expect(submitted[1]).toEqual({
      profile: { name: 'Ren', email: 'ren@example.com' },
      items: [{ qty: '7' }],
      color: 'blue',
      size: 'm',
      agree: true,
      note: 'Hello\nthere',
    });
    expect(api.getValues('size')).toBe('m');
    expect(api.getValues()).toEqual(submitted[1]);
  });

  it("shows the resolver's errors per field, focuses the first, and calls onValid only once they are fixed", async () => {
    await mount();
    await type('Name', ' ');
    await type('Qty', '11');
    await submit();
    expect(submitted).toEqual([]);
    expect(alerts()).toEqual(['Name needed', 'Too many']);
    expect(input('Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('Name'));
    expect(form().dataset.submitted).toBe('true');
    // After a submit, each change revalidates its field.
    await type('Qty', '3');
    expect(alerts()).toEqual(['Name needed']);
    await type('Name', 'Mio');
    expect(alerts()).toEqual([]);
    await submit();
    expect(submitted).toHaveLength(1);
  });

  it("in mode 'onTouched' validates a field when it is left, then on every change", async () => {
    await mount('onTouched');
    await type('Email', 'x');
    expect(alerts()).toEqual([]);
    await blur('Email');
    expect(alerts()).toEqual(['Bad email']);
    await type('Email', 'x@y');
    expect(alerts()).toEqual([]);
    await type('Email', 'xy');
    expect(alerts()).toEqual(['Bad email']);
  });

  it('sets and clears errors by name, for the root and for a root key; a submit drops them', async () => {
    await mount();
    await act(() => {
      api.setError('root', { type: 'server', message: 'Try later' });
      api.setError('root.server', { type: 'server', message: 'Refused' });
      api.setError('profile.name', { type: 'server', message: 'Taken' });
    });
    expect(alerts()).toEqual(['Taken', 'Try later', 'Refused']);
    expect(api.formState.errors.profile?.name?.type).toBe('server');
    await act(() => api.clearErrors('profile.name'));
    expect(alerts()).toEqual(['Try later', 'Refused']);
    expect(api.formState.errors.profile).toBeUndefined();
    await act(() => api.setError('items.0.qty', { type: 'server', message: 'Sold out' }));
    expect(alerts()).toEqual(['Sold out', 'Try later', 'Refused']);
    await act(() => api.clearErrors('items.0.qty'));
    expect(api.formState.errors.items).toBeUndefined();
    await act(() => api.clearErrors('root.server'));
    expect(alerts()).toEqual(['Try later']);
    await act(() => api.clearErrors());
    expect(alerts()).toEqual([]);
    await act(() => api.setError('root', { type: 'server', message: 'Try later' }));
    await submit();
    expect(alerts()).toEqual([]);
    expect(submitted).toHaveLength(1);
  });

  it('resets the values, the elements, the errors and the submitted and dirty states', async () => {
    await mount();
    await type('Name', '');
    await act(() => input('Agree').click());
    await submit();
    expect(form().dataset.dirty).toBe('true');
    await act(() => api.reset());
    expect(input('Name').value).toBe('Aoi');
    expect(input('Agree').checked).toBe(false);
    expect(alerts()).toEqual([]);
    expect(form().dataset).toMatchObject({ dirty: 'false', submitted: 'false' });
    await act(() => api.reset({ ...defaults, profile: { name: 'Sora', email: '' }, size: 's' }));
    await settle();
    expect(input('Name').value).toBe('Sora');
    expect(input('S').checked).toBe(true);
    await submit();
    expect(submitted).toEqual([{ ...defaults, profile: { name: 'Sora', email: '' }, size: 's' }]);
    expect(form().dataset.dirty).toBe('false');
  });

  it('re-renders what watch() reads as the fields change', async () => {
    await mount();
    expect(screen.getByTestId('watch').textContent).toBe(`Aoi|${JSON.stringify(defaults)}`);
    await type('Name', 'Kai');
    await act(() => input('Agree').click());
    expect(screen.getByTestId('watch').textContent).toBe(
      `Kai|${JSON.stringify({ ...defaults, profile: { name: 'Kai', email: '' }, agree: true })}`,
    );
  });

  it('sets a value into the element, validating and dirtying it only when asked', async () => {
    await mount();
    await act(() => api.setValue('profile.name', 'Yui'));
    expect(input('Name').value).toBe('Yui');
    expect(screen.getByTestId('watch').textContent).toMatch(/^Yui\|/);
    expect(form().dataset.dirty).toBe('false');
    await act(() => api.setValue('profile.name', '', { shouldValidate: true }));
    await settle();
    expect(alerts()).toEqual(['Name needed']);
    await act(() => api.setValue('items.0.qty', '4', { shouldDirty: true }));
    expect(input('Qty').value).toBe('4');
    expect(form().dataset.dirty).toBe('true');
    await act(() => api.setValue('profile.name', 'Yui', { shouldValidate: true }));
    await settle();
    expect(alerts()).toEqual([]);
  });

  it('is submitting while an async onValid runs, then submitted', async () => {
    await mount();
    slow = true;
    await submit();
    expect(form().dataset).toMatchObject({ submitting: 'true', submitted: 'false' });
    await act(() => release?.());
    await settle();
    expect(form().dataset).toMatchObject({ submitting: 'false', submitted: 'true' });
  });

  it('is dirty while a value differs from its default, and focuses a field by name', async () => {
    await mount();
    expect(form().dataset.dirty).toBe('false');
    await type('Note', 'x');
    expect(form().dataset.dirty).toBe('true');
    await type('Note', '');
    expect(form().dataset.dirty).toBe('false');
    // RHF focuses on the next task.
    await act(() => api.setFocus('items.0.qty'));
    await settle();
    expect(document.activeElement).toBe(input('Qty'));
    await act(() => api.setFocus('size'));
    await settle();
    expect(document.activeElement).toBe(input('S'));
  });
});
