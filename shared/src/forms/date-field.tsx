import type { FieldValues, Path, UseFormRegister, UseFormWatch } from 'react-hook-form';
import { DateInput, type DateInputProps } from '../ui/date-input';

/** What DateField needs of a react-hook-form form (`useForm()`'s result, or its register and watch). */
export type DateFieldForm<Values extends FieldValues> = { register: UseFormRegister<Values>; watch: UseFormWatch<Values> };

/**
 * A DateInput bound to a react-hook-form field: the field holds the <input type>'s format, as the native input's did, so
 * a form's schema and payload are unchanged. `id`, aria-* and min/max pass to the input. Bound through the field's own
 * register handlers, called with the value (react-hook-form's custom register), and watch; not useController, which
 * would add about 1.3 kB to every page with a form (the library is one module in one chunk, /login's included).
 */
export function DateField<Values extends FieldValues>({
  form,
  name,
  ...props
}: Omit<DateInputProps, 'value' | 'onChange' | 'onBlur' | 'name' | 'ref' | 'form'> & { form: DateFieldForm<Values>; name: Path<Values> }) {
  // No element is registered: the handlers read the value from the event, as for any custom input.
  const { onChange, onBlur } = form.register(name);
  const value: unknown = form.watch(name);
  const text = typeof value === 'string' ? value : '';
  return (
    <DateInput
      {...props}
      name={name}
      value={text}
      onChange={(next) => void onChange({ target: { name, value: next }, type: 'change' })}
      onBlur={() => void onBlur({ target: { name, value: text }, type: 'blur' })}
    />
  );
}
