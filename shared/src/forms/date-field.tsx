import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { DateInput, type DateInputProps } from '../ui/date-input';

/**
 * A DateInput bound to a react-hook-form field (a Controller): the field holds the <input type>'s format, as the native
 * input's did, so a form's schema and payload are unchanged. `id`, aria-* and min/max pass to the input.
 */
export function DateField<Values extends FieldValues, Context = unknown, Output = Values>({
  control,
  name,
  ...props
}: Omit<DateInputProps, 'value' | 'onChange' | 'name' | 'ref'> & {
  control: Control<Values, Context, Output>;
  name: Path<Values>;
}) {
  const { field } = useController({ control, name });
  return (
    <DateInput
      {...props}
      name={field.name}
      ref={field.ref}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}
