// react-hook-form for the widgets (issue 21): the API subset the shared feature forms may use (docs/decisions.md,
// "RHF stand-in"), in about 1 kB gzip instead of RHF's 12.7 kB. widgets/vite.config.ts aliases `react-hook-form` here;
// the portal runs the real library. Types are RHF's own; mini-react-hook-form.test.tsx holds both to the same results.
// Uncontrolled like RHF: values live here, register's ref writes them into the elements and onChange reads them back.
import { useReducer, useRef } from 'react';
import type { FieldError, FieldValues, Resolver, UseFormProps, UseFormReturn } from 'react-hook-form';

export type { DefaultValues, FieldError, FieldErrors, FieldValues, Path, Resolver, UseFormReturn } from 'react-hook-form';

// biome-ignore lint/suspicious/noExplicitAny: nested values and errors, as RHF's own get/set.
type Tree = any;
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const keys = (path: string) => path.split('.');

/** RHF's get: the value at a dotted path, or `fallback` when there is none. */
export function get(object: Tree, path: string, fallback?: unknown): Tree {
  let value = object;
  for (const key of keys(path)) value = value?.[key];
  return value === undefined ? fallback : value;
}

/** RHF's set: writes the value at a dotted path, creating arrays for numeric keys and objects for the others. */
export function set(object: Tree, path: string, value: unknown): void {
  const parts = keys(path);
  const last = parts.pop() as string;
  for (const [index, key] of parts.entries()) object = object[key] ??= /^\d+$/.test(parts[index + 1] ?? last) ? [] : {};
  object[last] = value;
}

const empty = (value: Tree) => value && typeof value === 'object' && Object.values(value).every((item) => item === undefined);

/** Removes the value at `path` and the parents it leaves empty (RHF's unset). */
function unset(object: Tree, path: string): void {
  const parts = keys(path);
  for (let end = parts.length; end > 0; end--) {
    const parent = end > 1 ? get(object, parts.slice(0, end - 1).join('.')) : object;
    if (!parent || typeof parent !== 'object') return;
    delete parent[parts[end - 1] as string];
    if (!empty(parent)) return;
  }
}

/** Whether the values equal the defaults (both plain data, their keys in the defaults' order: values start as a copy). */
const same = (a: Tree, b: Tree) => JSON.stringify(a) === JSON.stringify(b);

const clone = (value: Tree): Tree => (value && typeof value === 'object' ? structuredClone(value) : value);

/** What a group of elements of one name holds: the checked radio's value (null for none), a checkbox's state, else the value. */
function read(elements: Field[]): unknown {
  const [first] = elements;
  if (first?.type === 'radio') return (elements as HTMLInputElement[]).find((element) => element.checked)?.value ?? null;
  return first?.type === 'checkbox' ? (first as HTMLInputElement).checked : first?.value;
}

function write(element: Field, value: unknown): void {
  if (element.type === 'radio' || element.type === 'checkbox')
    (element as HTMLInputElement).checked = element.type === 'radio' ? element.value === value : !!value;
  else element.value = value == null ? '' : String(value);
}

export function useForm<Values extends FieldValues = FieldValues>({
  defaultValues,
  mode = 'onSubmit',
  resolver,
}: Pick<UseFormProps<Values>, 'defaultValues' | 'mode' | 'resolver'> = {}): UseFormReturn<Values> {
  const [, render] = useReducer((count: number) => count + 1, 0);
  const latest = useRef(resolver);
  latest.current = resolver;
  const form = useRef<UseFormReturn<Values>>(null);
  if (form.current) return form.current;

  let defaults: Tree = clone(defaultValues ?? {});
  let values: Tree = clone(defaults);
  const fields = new Map<string, Field[]>();
  const touched = new Set<string>();
  let watching = false;
  const state = { errors: {} as Tree, isSubmitting: false, isSubmitted: false, isDirty: false };
  const elements = (name: string) => (fields.get(name) ?? []).filter((element) => element.isConnected);
  const update = (change: Partial<typeof state>) => {
    Object.assign(state, change);
    render();
  };
  const run = async () => (await (latest.current as Resolver<Values>)(values, undefined, {} as never)) as { values: Tree; errors: Tree };
  /** One field's verdict of the resolver (RHF validates the whole form and keeps the field's part). */
  const validate = async (name: string) => {
    if (!latest.current) return;
    const error = get((await run()).errors, name);
    const errors = { ...state.errors };
    if (error) set(errors, name, error);
    else unset(errors, name);
    update({ errors });
  };
  const focus = (name: string) => elements(name)[0]?.focus();

  const methods = {
    register: (name: string) => ({
      name,
      ref: (element: Field | null) => {
        if (!element || fields.get(name)?.includes(element)) return;
        fields.set(name, [...elements(name), element]);
        const value = get(values, name);
        if (value === undefined) set(values, name, read(elements(name)));
        else write(element, value);
      },
      onChange: async ({ target }: { target: Field }) => {
        set(values, name, read(target.type === 'radio' ? elements(name) : [target]));
        state.isDirty = !same(values, defaults);
        // What watch() reads re-renders at once, as RHF's; the field's verdict follows.
        render();
        if (state.isSubmitted || (mode === 'onTouched' && touched.has(name))) await validate(name);
      },
      onBlur: async () => {
        touched.add(name);
        if (mode === 'onTouched' && !state.isSubmitted) await validate(name);
      },
    }),
    handleSubmit: (onValid: (values: Tree, event?: Event) => unknown) => async (event?: Event) => {
      event?.preventDefault();
      update({ isSubmitting: true });
      let submitted = clone(values);
      if (latest.current) {
        const result = await run();
        submitted = clone(result.values);
        update({ errors: result.errors });
      } else unset(state.errors, 'root');
      try {
        if (Object.keys(state.errors).length === 0) await onValid(submitted, event);
        else for (const [name] of fields) if (get(state.errors, name) && elements(name).length) return focus(name);
      } finally {
        update({ isSubmitting: false, isSubmitted: true });
      }
    },
    setError: (name: string, error: FieldError) => {
      const errors = { ...state.errors };
      set(errors, name, { ...error, ref: elements(name)[0] ?? {} });
      update({ errors });
    },
    clearErrors: (name?: string) => {
      const errors = name === undefined ? {} : { ...state.errors };
      if (name !== undefined) unset(errors, name);
      update({ errors });
    },
    reset: (next?: Values) => {
      if (next) defaults = clone(next);
      values = clone(defaults);
      for (const [name] of fields) for (const element of elements(name)) write(element, get(values, name));
      touched.clear();
      update({ errors: {}, isSubmitted: false, isSubmitting: false, isDirty: false });
    },
    watch: (name?: string) => {
      watching = true;
      return name === undefined ? { ...values } : get(values, name);
    },
    setValue: (name: string, value: unknown, options: { shouldValidate?: boolean; shouldDirty?: boolean } = {}) => {
      set(values, name, clone(value));
      for (const element of elements(name)) write(element, value);
      if (options.shouldDirty) state.isDirty = !same(values, defaults);
      if (watching || options.shouldDirty) render();
      if (options.shouldValidate) void validate(name);
    },
    getValues: (name?: string) => (name === undefined ? { ...values } : get(values, name)),
    setFocus: focus,
    formState: state,
  };
  form.current = methods as unknown as UseFormReturn<Values>;
  return form.current;
}
