// The admin's app information form (issue 20 point 5): what the inputs hold, turned into the POST/PUT
// /app_informations payload and judged by the server's own schema (messages are error codes).
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import type { AppInformationIconName } from '@kiwi/shared/domain/app-information-icons';
import { fromLocalInput, toLocalInput } from '@kiwi/shared/i18n/format';
import { type AppInformationState, CreateAppInformationSchema } from '@kiwi/shared/schemas/app-informations';
import { z } from 'zod';

/** An app information as GET /app_informations answers (attributes camelized by the API client). */
export type AppInformation = {
  id: string;
  title: string;
  body: string;
  headCopy: string | null;
  iconName: AppInformationIconName | null;
  publishedAt: string;
  unpublishedAt: string | null;
  state: AppInformationState;
};

export const PUBLISH_MODES = ['now', 'scheduled'] as const;
/** The form's own message (app-informations namespace) for a scheduled time that is not ahead. */
export const SCHEDULE_IN_PAST = 'app-informations:form.scheduleInPast';

const FormFieldsSchema = z.object({
  title: z.string(),
  body: z.string(),
  head_copy: z.string(),
  icon_name: z.string(),
  publish_mode: z.enum(PUBLISH_MODES),
  published_at: z.string(),
});
export type AppInformationFormValues = z.input<typeof FormFieldsSchema>;

const PayloadSchema = CreateAppInformationSchema.shape.app_information;
const KNOWN_CODES = new Set<string>(Object.values(ErrorCode));

/**
 * The inputs as the payload. `locked` (a published one: SPEC §4) leaves published_at out, so the server keeps it;
 * "now" sends the time of saving.
 */
export function appInformationFormSchema(locked: boolean, now: () => Date = () => new Date()) {
  return FormFieldsSchema.transform((values, context) => {
    const publishedAt = values.publish_mode === 'now' ? now().toISOString() : (fromLocalInput(values.published_at) ?? '');
    const parsed = PayloadSchema.safeParse({
      title: values.title,
      body: values.body,
      head_copy: values.head_copy.trim() === '' ? null : values.head_copy,
      icon_name: values.icon_name === '' ? null : values.icon_name,
      published_at: locked ? now().toISOString() : publishedAt,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const message = KNOWN_CODES.has(issue.message) ? issue.message : ErrorCode.validationRequired;
        context.addIssue({ code: 'custom', path: issue.path, message });
      }
      return z.NEVER;
    }
    if (!locked && values.publish_mode === 'scheduled' && new Date(parsed.data.published_at).getTime() <= now().getTime()) {
      // A scheduled time must be ahead; "now" is its own choice. (A page text, not a server code.)
      context.addIssue({ code: 'custom', path: ['published_at'], message: SCHEDULE_IN_PAST });
      return z.NEVER;
    }
    const { published_at, ...rest } = parsed.data;
    return locked ? rest : { ...rest, published_at };
  });
}
export type AppInformationPayload = z.output<ReturnType<typeof appInformationFormSchema>>;

/** The form's values for a stored app information, or a new one published now. */
export function appInformationFormValues(item: AppInformation | null): AppInformationFormValues {
  return {
    title: item?.title ?? '',
    body: item?.body ?? '',
    head_copy: item?.headCopy ?? '',
    icon_name: item?.iconName ?? 'info',
    publish_mode: item && item.state === 'scheduled' ? 'scheduled' : 'now',
    published_at: toLocalInput(item?.publishedAt ?? null),
  };
}
