// The one way a feature form's zod-free resolver is built (the widgets carry no zod: docs/decisions.md, issue 21
// session 3): a check names each field's problem, already in the reader's words, and react-hook-form gets them as field
// errors (nested names such as "answers.3" or "recipients.0.amount" included).
import { type FieldErrors, type FieldValues, type Resolver, set } from 'react-hook-form';

/** A field's problem as react-hook-form shows it: the rule (an error code or a kind) and its text. */
export type FieldProblem = { type: string; message: string };

/**
 * A resolver from `check` (field name -> problem, or null/undefined when the field is fine). With no problem the form
 * submits `output(values)` (e.g. an address trimmed), else the values as they are.
 */
export function problemsResolver<Values extends FieldValues>(
  check: (values: Values) => Record<string, FieldProblem | null | undefined>,
  output: (values: Values) => Values = (values) => values,
): Resolver<Values> {
  return (values) => {
    const errors: FieldErrors<Values> = {};
    let found = false;
    for (const [field, problem] of Object.entries(check(values))) {
      if (!problem) continue;
      set(errors, field, problem);
      found = true;
    }
    return found ? { values: {}, errors } : { values: output(values), errors: {} };
  };
}
